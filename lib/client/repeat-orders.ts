import { findCartDay, makeCartItem } from "@/lib/client/cart";
import { otherGuardianDay, type CalendarContext } from "@/lib/client/day-state";
import { isLiveOrder, ordersForDay } from "@/lib/client/orders";
import type { CartItem, MenuItemDto, MenuItemType, OrderDto } from "@/lib/contracts";
import { allergenList, allergyConflicts } from "@/lib/contracts/allergies";
import { cycleDayDate, dayClosure, isOffered, mondayOf } from "@/lib/school-calendar";

// Repeat orders (issue 19), pure: which meals "Repeat last week" and a cart line's "Every week"
// would put in the cart, and which they leave out and why. The screens only show the plan; the
// server's rules stay the only authority at checkout.

export type RepeatStudent = {
  id: number;
  name: string;
  grade: string;
  menuType: MenuItemType;
  allergies?: readonly string[];
};

/** Why a meal was left out, in the order the checks run. */
export type SkipReason =
  | "unavailable"
  | "not-scheduled"
  | "choice-gone"
  | "blocked"
  | "closed"
  | "ordered"
  | "in-cart"
  | "allergy";

export type SkippedLine = {
  weekNumber: number;
  dayOfWeek: number;
  mealName: string;
  reason: SkipReason;
  /** The allergens of an "allergy" skip. */
  allergens?: string[];
};

export type RepeatPlan = { added: CartItem[]; skipped: SkippedLine[] };

/** What to repeat on one day: the meal, its choices, and the allergens already acknowledged. */
export type RepeatSource = {
  menuItemId: number;
  mealName: string;
  category: string;
  sideDish: string;
  comments: string;
  acknowledgedAllergens: readonly string[];
};

/** The short note's words for each reason. */
export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  unavailable: "no longer available",
  "not-scheduled": "not on the menu that day",
  "choice-gone": "its protein or side is no longer offered",
  blocked: "the school is closed that day",
  closed: "past the cut-off",
  ordered: "already ordered",
  "in-cart": "already in the cart",
  allergy: "contains an allergen",
};

/** "Rice and Chicken: contains Eggs" or "Rice and Chicken: already ordered". */
export function skipText(line: SkippedLine): string {
  const why =
    line.reason === "allergy" && line.allergens?.length
      ? `contains ${allergenList(line.allergens)}, add it yourself to confirm`
      : SKIP_REASON_TEXT[line.reason];
  return `${line.mealName}: ${why}`;
}

type CycleDates = readonly { id: number; startDate: string }[];

/**
 * The student's live orders of the most recent week before `weekNumber` of the active cycle that
 * has any (in this cycle or an earlier one), one per weekday; empty when there is none.
 */
export function lastOrderedWeek(
  orders: readonly OrderDto[],
  cycles: CycleDates,
  activeStartDate: string,
  studentId: number,
  weekNumber: number,
): OrderDto[] {
  const before = cycleDayDate(activeStartDate, weekNumber, 1);
  const startOf = new Map(cycles.map((c) => [c.id, c.startDate]));
  const dated = orders.flatMap((order) => {
    const start = startOf.get(order.cycleId);
    if (!start || order.studentId !== studentId || !isLiveOrder(order)) return [];
    const date = cycleDayDate(start, order.weekNumber, order.dayOfWeek);
    return date < before ? [{ order, monday: mondayOf(date) }] : [];
  });
  const latest = dated.reduce<string | null>(
    (m, d) => (m === null || d.monday > m ? d.monday : m),
    null,
  );
  const week = dated.filter((d) => d.monday === latest).map((d) => d.order);
  return [...new Map(week.map((o) => [o.dayOfWeek, o])).values()].sort(
    (a, b) => a.dayOfWeek - b.dayOfWeek,
  );
}

/** One weekday of the week to repeat: the meal and its choices, from an order or a cart line. */
type SourceDay = { dayOfWeek: number; source: RepeatSource };

/**
 * The week "Repeat last week" copies (issue 44): the most recent week before `weekNumber` with the
 * student's live orders or meals in the cart, one per weekday (a placed order before a cart line of
 * the same day). Cart lines are of the active cycle and keep their acknowledged allergens, as
 * "Every week" does; an order's acknowledgement is not carried.
 */
export function lastWeekWithMeals(
  ctx: CalendarContext & { cycles: CycleDates },
  studentId: number,
  weekNumber: number,
): SourceDay[] {
  const start = ctx.cycle.startDate;
  const before = cycleDayDate(start, weekNumber, 1);
  const cartWeeks = ctx.cart
    .filter((line) => line.studentId === studentId)
    .map((line) => ({
      line,
      monday: mondayOf(cycleDayDate(start, line.weekNumber, line.dayOfWeek)),
    }))
    .filter((c) => c.monday < before);
  const ordered = lastOrderedWeek(ctx.orders, ctx.cycles, start, studentId, weekNumber);
  const orderedMonday = ordered[0] ? orderMonday(ordered[0], ctx.cycles) : null;
  const latest = cartWeeks.reduce<string | null>(
    (m, c) => (m === null || c.monday > m ? c.monday : m),
    orderedMonday,
  );
  if (latest === null) return [];
  const days = new Map<number, SourceDay>();
  for (const { line, monday } of cartWeeks) {
    if (monday !== latest) continue;
    days.set(line.dayOfWeek, {
      dayOfWeek: line.dayOfWeek,
      source: {
        menuItemId: line.menuItemId,
        mealName: line.menuItem.name,
        category: line.category,
        sideDish: line.sideDish,
        comments: line.comments,
        acknowledgedAllergens: line.acknowledgedAllergens ?? [],
      },
    });
  }
  if (orderedMonday === latest) {
    for (const order of ordered) {
      days.set(order.dayOfWeek, {
        dayOfWeek: order.dayOfWeek,
        source: {
          menuItemId: order.menuItemId,
          mealName: order.menuItem.name,
          category: order.category ?? "",
          sideDish: order.sideDish ?? "",
          comments: order.comments ?? "",
          // An order's acknowledgement is not carried: a repeated meal with an allergen is skipped.
          acknowledgedAllergens: [],
        },
      });
    }
  }
  return [...days.values()].sort((a, b) => a.dayOfWeek - b.dayOfWeek);
}

function orderMonday(order: OrderDto, cycles: CycleDates): string | null {
  const start = cycles.find((c) => c.id === order.cycleId)?.startDate;
  return start ? mondayOf(cycleDayDate(start, order.weekNumber, order.dayOfWeek)) : null;
}

/**
 * "Repeat last week": the meals of the last week with placed orders or meals in the cart, on the
 * same weekdays of `weekNumber`.
 */
export function planRepeatLastWeek(
  ctx: CalendarContext & { cycles: CycleDates },
  student: RepeatStudent,
  weekNumber: number,
): RepeatPlan & { sourceWeekFound: boolean } {
  const source = lastWeekWithMeals(ctx, student.id, weekNumber);
  const plan = planLines(
    ctx,
    student,
    source.map((day) => ({ weekNumber, dayOfWeek: day.dayOfWeek, source: day.source })),
  );
  return { ...plan, sourceWeekFound: source.length > 0 };
}

/** "Every week": a cart line copied to the same weekday of every later week of the cycle. */
export function planEveryWeek(
  ctx: CalendarContext,
  student: RepeatStudent,
  line: CartItem,
): RepeatPlan {
  const targets = [];
  for (let week = line.weekNumber + 1; week <= ctx.cycle.cycleLength; week += 1) {
    targets.push({
      weekNumber: week,
      dayOfWeek: line.dayOfWeek,
      source: {
        menuItemId: line.menuItemId,
        mealName: line.menuItem.name,
        category: line.category,
        sideDish: line.sideDish,
        comments: line.comments,
        acknowledgedAllergens: line.acknowledgedAllergens ?? [],
      },
    });
  }
  return planLines(ctx, student, targets);
}

function planLines(
  ctx: CalendarContext,
  student: RepeatStudent,
  targets: readonly { weekNumber: number; dayOfWeek: number; source: RepeatSource }[],
): RepeatPlan {
  const added: CartItem[] = [];
  const skipped: SkippedLine[] = [];
  for (const { weekNumber, dayOfWeek, source } of targets) {
    const item = ctx.menu.find((m) => m.id === source.menuItemId);
    const outcome = checkLine(ctx, student, item, weekNumber, dayOfWeek, source, added);
    const mealName = item?.name ?? source.mealName;
    if (outcome.ok && item) {
      added.push(
        makeCartItem(item, student, weekNumber, dayOfWeek, {
          category: source.category,
          sideDish: source.sideDish,
          comments: source.comments,
          acknowledgedAllergens: outcome.acknowledged,
        }),
      );
    } else if (!outcome.ok) {
      skipped.push({ weekNumber, dayOfWeek, mealName, reason: outcome.reason, ...outcome.extra });
    }
  }
  return { added, skipped };
}

type LineOutcome =
  | { ok: true; acknowledged: string[] }
  | { ok: false; reason: SkipReason; extra?: { allergens: string[] } };

function checkLine(
  ctx: CalendarContext,
  student: RepeatStudent,
  item: MenuItemDto | undefined,
  weekNumber: number,
  dayOfWeek: number,
  source: RepeatSource,
  planned: readonly CartItem[],
): LineOutcome {
  if (!item || !item.isAvailable || item.isArchived || item.type !== student.menuType) {
    return { ok: false, reason: "unavailable" };
  }
  if (!isOffered(item, weekNumber, dayOfWeek)) return { ok: false, reason: "not-scheduled" };
  if (
    !choiceOffered(source.category, item.categories) ||
    !choiceOffered(source.sideDish, item.sideDishes)
  ) {
    return { ok: false, reason: "choice-gone" };
  }
  const closure = dayClosure(ctx.cycle, weekNumber, dayOfWeek, ctx.cutoff, ctx.timeZone, ctx.now);
  if (closure === "blocked") return { ok: false, reason: "blocked" };
  if (closure !== null) return { ok: false, reason: "closed" };
  if (
    ordersForDay(ctx.orders, ctx.cycle.id, student.id, weekNumber, dayOfWeek).live ||
    otherGuardianDay(ctx, weekNumber, dayOfWeek)
  ) {
    return { ok: false, reason: "ordered" };
  }
  if (
    findCartDay(ctx.cart, student.id, weekNumber, dayOfWeek) ||
    findCartDay(planned, student.id, weekNumber, dayOfWeek)
  ) {
    return { ok: false, reason: "in-cart" };
  }
  const conflicts = allergyConflicts(item.allergens, student.allergies ?? []);
  const known = new Set(source.acknowledgedAllergens.map((a) => a.toLowerCase()));
  const unacknowledged = conflicts.filter((a) => !known.has(a.toLowerCase()));
  if (unacknowledged.length > 0) {
    return { ok: false, reason: "allergy", extra: { allergens: unacknowledged } };
  }
  return { ok: true, acknowledged: conflicts };
}

/** A choice the item still offers (case aside); no choice is fine when the item offers none. */
function choiceOffered(choice: string, options: readonly string[]): boolean {
  if (options.length === 0) return true;
  return options.some((o) => o.toLowerCase() === choice.toLowerCase());
}
