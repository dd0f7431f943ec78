import type { OrderDto } from "@/lib/contracts";
import { cycleDayDate } from "@/lib/school-calendar";

// The order of Order History (issue 44, decision 0070): the meal day nearest today first. Meals
// still to come (today included) soonest first, then past meals most recent first, then any whose
// cycle is unknown; on the same day the latest placed first.

export function nearestDayFirst(
  orders: readonly OrderDto[],
  cycleStarts: ReadonlyMap<number, string>,
  today: string,
): OrderDto[] {
  const keyed = orders.map((order) => {
    const start = cycleStarts.get(order.cycleId);
    const day = start ? cycleDayDate(start, order.weekNumber, order.dayOfWeek) : null;
    const group = day === null ? 2 : day >= today ? 0 : 1;
    return { order, day: day ?? "", group, placed: Date.parse(order.orderDate) || 0 };
  });
  keyed.sort(
    (a, b) =>
      a.group - b.group ||
      (a.group === 0 ? a.day.localeCompare(b.day) : b.day.localeCompare(a.day)) ||
      b.placed - a.placed ||
      b.order.id - a.order.id,
  );
  return keyed.map((k) => k.order);
}
