import { findCartDay } from "@/lib/client/cart";
import { ordersForDay } from "@/lib/client/orders";
import type { CartItem, MenuItemDto, MenuItemType, OrderDto } from "@/lib/contracts";
import {
  dayClosure,
  isOffered,
  isWeekCompleted,
  type Cutoff,
  type CycleShape,
} from "@/lib/school-calendar";

// What one day of the menu calendar shows for one student (spec 000 §4): exactly one of an
// existing order, School Closed, the meal in the cart, or the meals on offer (after a cancelled
// order too, which may be ordered again).

export type DayState =
  | { kind: "ordered"; order: OrderDto; label: "Order Pending" | "Order Confirmed" }
  | { kind: "closed" }
  | { kind: "in-cart"; item: CartItem }
  | { kind: "open"; cancelled: boolean; items: MenuItemDto[] };

export type CalendarContext = {
  cycle: CycleShape & { id: number };
  cutoff: Cutoff;
  timeZone: string;
  now: Date;
  orders: readonly OrderDto[];
  cart: readonly CartItem[];
  menu: readonly MenuItemDto[];
};

/** The items on offer on a week and day for a menu type (primary or secondary). */
export function offeredItems(
  menu: readonly MenuItemDto[],
  menuType: MenuItemType,
  weekNumber: number,
  dayOfWeek: number,
): MenuItemDto[] {
  return menu.filter((m) => m.type === menuType && isOffered(m, weekNumber, dayOfWeek));
}

export function dayState(
  ctx: CalendarContext,
  student: { id: number; menuType: MenuItemType },
  weekNumber: number,
  dayOfWeek: number,
): DayState {
  const { live, cancelled } = ordersForDay(
    ctx.orders,
    ctx.cycle.id,
    student.id,
    weekNumber,
    dayOfWeek,
  );
  if (live) {
    return {
      kind: "ordered",
      order: live,
      label: live.status === "completed" ? "Order Confirmed" : "Order Pending",
    };
  }
  if (dayClosure(ctx.cycle, weekNumber, dayOfWeek, ctx.cutoff, ctx.timeZone, ctx.now) !== null) {
    return { kind: "closed" };
  }
  const inCart = findCartDay(ctx.cart, student.id, weekNumber, dayOfWeek);
  if (inCart) return { kind: "in-cart", item: inCart };
  return {
    kind: "open",
    cancelled: cancelled !== undefined,
    items: offeredItems(ctx.menu, student.menuType, weekNumber, dayOfWeek),
  };
}

/** The cycle's weeks still shown: a Completed week (Friday past or after its cut-off) is hidden. */
export function openWeeks(
  cycle: Pick<CycleShape, "startDate" | "cycleLength">,
  cutoff: Cutoff,
  timeZone: string,
  now: Date,
): number[] {
  const weeks: number[] = [];
  for (let week = 1; week <= cycle.cycleLength; week += 1) {
    if (!isWeekCompleted(cycle, week, cutoff, timeZone, now)) weeks.push(week);
  }
  return weeks;
}
