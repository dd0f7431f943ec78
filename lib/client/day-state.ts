import { findCartDay } from "@/lib/client/cart";
import { ordersForDay } from "@/lib/client/orders";
import type { CartItem, MenuItemDto, MenuItemType, OrderDto } from "@/lib/contracts";
import type { OtherGuardianDayDto } from "@/lib/contracts/guardians";
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
  /** Issue 49: the child's other guardian has a live order for the day (one a day for both). */
  | { kind: "ordered-by-other"; by: string }
  | { kind: "closed"; why: ClosedWhy }
  | { kind: "in-cart"; item: CartItem }
  | { kind: "open"; cancelled: boolean; items: MenuItemDto[] };

/**
 * Why a day reads "School Closed" (issue 24 §3): ordering for it has closed (a past day, or today
 * after the cut-off), or the school closed it, with the reason given when the calendar data carries
 * one (a day closed with "Close a day" keeps its reason; one chosen in the cycle wizard has none).
 */
export type ClosedWhy =
  | { kind: "ordering-closed"; today: boolean }
  | { kind: "blocked"; reason: string | null }
  | { kind: "outside-cycle" };

export type CalendarContext = {
  cycle: CycleShape & { id: number };
  cutoff: Cutoff;
  timeZone: string;
  now: Date;
  orders: readonly OrderDto[];
  cart: readonly CartItem[];
  menu: readonly MenuItemDto[];
  /** The selected child's days the other guardian has ordered (issue 49). */
  otherGuardianDays?: readonly OtherGuardianDayDto[];
};

/** The other guardian's live order of the day, if any (issue 49). */
export function otherGuardianDay(
  ctx: Pick<CalendarContext, "cycle" | "otherGuardianDays">,
  weekNumber: number,
  dayOfWeek: number,
): OtherGuardianDayDto | undefined {
  return ctx.otherGuardianDays?.find(
    (d) => d.cycleId === ctx.cycle.id && d.weekNumber === weekNumber && d.dayOfWeek === dayOfWeek,
  );
}

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
  const other = otherGuardianDay(ctx, weekNumber, dayOfWeek);
  if (other) return { kind: "ordered-by-other", by: other.by };
  const closure = dayClosure(ctx.cycle, weekNumber, dayOfWeek, ctx.cutoff, ctx.timeZone, ctx.now);
  if (closure !== null) {
    return { kind: "closed", why: closedWhy(ctx, closure, weekNumber, dayOfWeek) };
  }
  const inCart = findCartDay(ctx.cart, student.id, weekNumber, dayOfWeek);
  if (inCart) return { kind: "in-cart", item: inCart };
  return {
    kind: "open",
    cancelled: cancelled !== undefined,
    items: offeredItems(ctx.menu, student.menuType, weekNumber, dayOfWeek),
  };
}

function closedWhy(
  ctx: CalendarContext,
  closure: NonNullable<ReturnType<typeof dayClosure>>,
  weekNumber: number,
  dayOfWeek: number,
): ClosedWhy {
  if (closure === "past" || closure === "after-cutoff") {
    return { kind: "ordering-closed", today: closure === "after-cutoff" };
  }
  if (closure === "outside-cycle") return { kind: "outside-cycle" };
  const blocked: object | undefined = ctx.cycle.blockedDays.find(
    (b) => b.weekNumber === weekNumber && b.dayOfWeek === dayOfWeek,
  );
  const reason = blocked && "reason" in blocked ? blocked.reason : null;
  return { kind: "blocked", reason: typeof reason === "string" && reason.trim() ? reason : null };
}

/** "08:00": the cut-off as the school's clock shows it. */
export function formatCutoff(cutoff: Cutoff): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(cutoff.cutoffHour)}:${pad(cutoff.cutoffMinute)}`;
}

/** The line under "School Closed" that says why. */
export function closedReason(why: ClosedWhy, cutoff: Cutoff): string | null {
  switch (why.kind) {
    case "ordering-closed":
      return why.today
        ? `Ordering for today closed at ${formatCutoff(cutoff)}.`
        : "Ordering for this day has closed.";
    case "blocked":
      return why.reason ?? "Closed by the school";
    case "outside-cycle":
      return null;
  }
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
