import "server-only";
import { conflict, forbidden, notFound, unprocessable } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import { cachedRead } from "@/lib/cache/versioned-cache";
import type { OrderCycleDto } from "@/lib/contracts";
import { getActiveCycle } from "@/lib/cycles/cycles";
import { getDb, type Tx } from "@/lib/db";
import { findActiveDiscountCode } from "@/lib/discounts/discounts";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { applyPercentOff, fromNgwee, toNgwee } from "@/lib/money";
import { cycleDayDate, dayClosure, isOffered, menuTypeForGrade } from "@/lib/school-calendar";
import { getCutoffTime } from "@/lib/settings/settings";
import type { OrderItemInput } from "@/lib/validations/orders";

// Every rule of spec 000 §5 checked on the server, with the spec's messages, and the cart priced
// from the database. Used for free orders now and for card payments (the cart snapshot) later.

export const EMAIL_REQUIRED =
  "Email Required: Please add an email address to your profile before placing orders. Contact the school office for assistance.";
export const ALREADY_ORDERED = "Already Ordered: You already have an order for this day";
export const ALREADY_IN_CART = "Already in Cart: You already have this day in your cart";
export const ITEMS_UNAVAILABLE = "Some items in your cart are no longer available";

export type PricedLine = {
  menuItemId: number;
  menuItemName: string;
  studentId: number;
  studentName: string;
  studentGrade: string;
  cycleId: number;
  weekNumber: number;
  dayOfWeek: number;
  date: string;
  category: string | null;
  sideDish: string | null;
  comments: string | null;
  /** The menu price. */
  originalPrice: string;
  /** What the parent pays for this line: discount price, then the discount code. */
  discountedPrice: string;
  discountPercentage: number;
};

export type PricedCart = {
  cycle: OrderCycleDto;
  lines: PricedLine[];
  totalNgwee: number;
  total: string;
  discountCode: string | null;
};

const orderableSelect = {
  id: true,
  name: true,
  type: true,
  price: true,
  discountPrice: true,
  categories: true,
  sideDishes: true,
  weekNumbers: true,
  daysOfWeek: true,
  isAvailable: true,
  isArchived: true,
} as const satisfies Prisma.MenuItemSelect;

type OrderableItem = Prisma.MenuItemGetPayload<{ select: typeof orderableSelect }>;

/** Every menu item with what a cart check needs, from memory while the menu has not changed. */
function orderableMenu(): Promise<ReadonlyMap<number, OrderableItem>> {
  return cachedRead("menu", "orderable", async () => {
    const db = await getDb();
    const rows = await db.menuItem.findMany({ select: orderableSelect });
    return new Map(rows.map((row) => [row.id, row]));
  });
}

export async function checkCart(actor: SessionUser, items: OrderItemInput[]): Promise<PricedCart> {
  if (actor.role !== "parent" && actor.role !== "teacher") {
    throw forbidden("Only parents and teachers can place orders");
  }
  if (!actor.email) throw unprocessable(EMAIL_REQUIRED);
  if (items.length === 0) throw unprocessable("No items found in cart");

  const cycle = await getActiveCycle();
  if (!cycle) throw conflict("There is no active order cycle. Orders cannot be placed right now.");

  const db = await getDb();
  const studentIds = [...new Set(items.map((i) => i.studentId))];
  const menuItemIds = [...new Set(items.map((i) => i.menuItemId))];
  const [students, menuItems, code, cutoff] = await Promise.all([
    db.student.findMany({
      where: { id: { in: studentIds }, parentId: actor.id, archivedAt: null },
      select: { id: true, name: true, grade: true },
    }),
    orderableMenu().then((menu) => menuItemIds.flatMap((id) => menu.get(id) ?? [])),
    findActiveDiscountCode(actor.id),
    getCutoffTime(),
  ]);
  const studentById = new Map(students.map((s) => [s.id, s]));
  const itemById = new Map(menuItems.map((m) => [m.id, m]));

  // Someone else's child, or no such child: the same answer, so nothing is revealed.
  if (studentIds.some((sid) => !studentById.has(sid))) throw notFound("Student not found");

  const missingItems = menuItemIds.filter((mid) => !itemById.has(mid));
  const archivedItems = menuItems.filter((m) => m.isArchived).map((m) => m.id);
  const unavailableItems = menuItems
    .filter((m) => !m.isArchived && !m.isAvailable)
    .map((m) => m.id);
  const notScheduled = items
    .filter((i) => {
      const m = itemById.get(i.menuItemId);
      return m && m.isAvailable && !m.isArchived && !isOffered(m, i.weekNumber, i.dayOfWeek);
    })
    .map((i) => i.menuItemId);
  if (
    missingItems.length + archivedItems.length + unavailableItems.length + notScheduled.length >
    0
  ) {
    throw conflict(ITEMS_UNAVAILABLE, {
      cartValidation: true,
      missingItems,
      archivedItems,
      unavailableItems: [...new Set([...unavailableItems, ...notScheduled])],
    });
  }

  const timeZone = env().SCHOOL_TIMEZONE;
  const now = new Date();
  const percent = code?.discountPercentage ?? 0;
  const seen = new Set<string>();
  const lines: PricedLine[] = items.map((input) => {
    const student = studentById.get(input.studentId)!;
    const item = itemById.get(input.menuItemId)!;
    const dayKey = `${input.studentId}:${input.weekNumber}:${input.dayOfWeek}`;
    if (seen.has(dayKey)) throw conflict(ALREADY_IN_CART);
    seen.add(dayKey);

    if (item.type !== menuTypeForGrade(student.grade)) {
      throw unprocessable(`${item.name} is not on the menu for ${student.name}`);
    }
    if (dayClosure(cycle, input.weekNumber, input.dayOfWeek, cutoff, timeZone, now) !== null) {
      throw unprocessable(
        `School Closed: orders for week ${input.weekNumber}, day ${input.dayOfWeek} are closed`,
      );
    }
    const category = pickChoice(input.category, item.categories, "Please choose a protein");
    const sideDish = pickChoice(input.sideDish, item.sideDishes, "Please choose a side dish");

    const base = toNgwee((item.discountPrice ?? item.price).toFixed(2));
    const paid = applyPercentOff(base, percent);
    return {
      menuItemId: item.id,
      menuItemName: item.name,
      studentId: student.id,
      studentName: student.name,
      studentGrade: student.grade,
      cycleId: cycle.id,
      weekNumber: input.weekNumber,
      dayOfWeek: input.dayOfWeek,
      date: cycleDayDate(cycle.startDate, input.weekNumber, input.dayOfWeek),
      category,
      sideDish,
      comments: input.comments,
      originalPrice: item.price.toFixed(2),
      discountedPrice: fromNgwee(paid),
      discountPercentage: percent,
    };
  });

  await assertNotOrdered(db, lines);
  const totalNgwee = lines.reduce((sum, l) => sum + toNgwee(l.discountedPrice), 0);
  return {
    cycle,
    lines,
    totalNgwee,
    total: fromNgwee(totalNgwee),
    discountCode: code?.code ?? null,
  };
}

/** A protein or side must be one the item offers; an item that offers none takes none. */
function pickChoice(value: string | null, options: readonly string[], message: string) {
  if (options.length === 0) return null;
  const match =
    value === null ? undefined : options.find((o) => o.toLowerCase() === value.toLowerCase());
  if (!match) throw unprocessable(message);
  return match;
}

/** A friendly answer before the insert; the partial unique index is the real guard. */
export async function assertNotOrdered(
  db: Tx | Awaited<ReturnType<typeof getDb>>,
  lines: PricedLine[],
) {
  const existing = await db.order.findFirst({
    where: {
      status: { in: ["pending", "completed"] },
      OR: lines.map((l) => ({
        studentId: l.studentId,
        cycleId: l.cycleId,
        weekNumber: l.weekNumber,
        dayOfWeek: l.dayOfWeek,
      })),
    },
    select: { id: true },
  });
  if (existing) throw conflict(ALREADY_ORDERED);
}
