import "server-only";
import { conflict, forbidden, notFound, unprocessable } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import { cachedRead } from "@/lib/cache/versioned-cache";
import { signedNgwee } from "@/lib/credit/ledger";
import type { LineTermsDto, OrderCycleDto } from "@/lib/contracts";
import { allergyConflicts, allergyRefusal } from "@/lib/contracts/allergies";
import { getActiveCycle } from "@/lib/cycles/cycles";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { menuItemSelect } from "@/lib/menu/menu-items";
import {
  readCartContext,
  readLockedCartContext,
  type CartContext,
  type CartLocks,
  type CartStudent,
} from "@/lib/orders/cart-context";
import { closedLinesOf, NO_ACTIVE_CYCLE } from "@/lib/orders/closed-cart-lines";
import { assertOpenForOrdering } from "@/lib/orders/open-for-ordering";
import { applyPercentOff, fromNgwee, toNgwee } from "@/lib/money";
import { cycleDayDate, isOffered, menuTypeForGrade } from "@/lib/school-calendar";
import { getCutoffTime } from "@/lib/settings/settings";
import type { OrderItemInput } from "@/lib/validations/orders";

// Every rule of spec 000 §5 checked on the server, with the spec's messages, and the cart priced
// from the database. Used for free orders now and for card payments (the cart snapshot) later.

export const EMAIL_REQUIRED =
  "Email Required: Please add an email address to your profile before placing orders. Contact the school office for assistance.";
export const ALREADY_ORDERED = "Already Ordered: You already have an order for this day";
export const ALREADY_IN_CART = "Already in Cart: You already have this day in your cart";
export const ITEMS_UNAVAILABLE = "Some items in your cart are no longer available";

/** One cart line as the server priced it, with the names it was priced under. */
export type PricedLine = LineTermsDto & {
  menuItemId: number;
  menuItemName: string;
  studentId: number;
  studentName: string;
  studentGrade: string;
  cycleId: number;
  date: string;
  /**
   * Issue 47: the item's portions per day as the cart read it, or null; absent from carts priced
   * before caps (and from recovered ones), which count as uncapped.
   */
  dailyCap?: number | null;
};

export type PricedCart = {
  cycle: OrderCycleDto;
  lines: PricedLine[];
  totalNgwee: number;
  total: string;
  discountCode: string | null;
  /**
   * The account's credit (issue 17), in ngwee, read with the cart and outside any transaction:
   * whatever spends it reads it again under the account's lock. `spendable` adds what is held on
   * the open payment, which a new checkout settles first.
   */
  credit: { balanceNgwee: number; spendableNgwee: number };
  /** The cart's children as read with it: what a placed order's answer shows of each. */
  students: ReadonlyMap<number, CartStudent>;
};

export type { CartStudent };

/** The menu's columns less the texts a cart check does not read. */
const orderableSelect = {
  ...menuItemSelect,
  description: false,
  imageUrl: false,
  proteinDescriptions: false,
} as const satisfies Prisma.MenuItemSelect;

type OrderableItem = Prisma.MenuItemGetPayload<{ select: typeof orderableSelect }>;

/**
 * The allergy rule (issue 18): the item's allergens that the child is allergic to, or 422 when
 * there are any and the line was not acknowledged. The allergens are read now, not when the meal
 * went into the cart: an item changed since is judged as it is.
 */
export function assertAllergySafe(
  item: { id: number; name: string; allergens: string[] },
  student: { id: number; name: string; allergies: string[] },
  acknowledged: boolean | undefined,
): string[] {
  const conflicts = allergyConflicts(item.allergens, student.allergies);
  if (conflicts.length > 0 && acknowledged !== true) {
    throw unprocessable(allergyRefusal(item.name, conflicts, student.name), {
      allergyConflict: { menuItemId: item.id, studentId: student.id, allergens: conflicts },
    });
  }
  return conflicts;
}

/** The school's menu items with what a cart check needs, from memory while its menu is unchanged. */
export function orderableMenu(schoolId: number): Promise<ReadonlyMap<number, OrderableItem>> {
  return cachedRead(schoolId, "menu", "orderable", async () => {
    const db = await schoolDb(schoolId);
    const rows = await db.menuItem.findMany({ where: { schoolId }, select: orderableSelect });
    return new Map(rows.map((row) => [row.id, row]));
  });
}

/**
 * The cart checked against the school's rules and priced. Every way of ordering goes through it,
 * so a suspended school (issue 45) refuses them all here: 403 with the closed sentence.
 */
export async function checkCart(
  school: SchoolContext,
  actor: SessionUser,
  items: OrderItemInput[],
): Promise<PricedCart> {
  const terms = await readCartTerms(school, actor, items);
  const db = await schoolDb(school.id);
  const context = await readCartContext(db, school.id, actor.id, terms.cycle.id, items);
  return priceCart(school, items, terms, context);
}

/**
 * The cart checked and priced inside a checkout's transaction, its context read in the statement
 * that takes the checkout's locks (decision 0114): the terms come from `readCartTerms`, asked
 * before the transaction. Null (nothing read) when the cycle was removed meanwhile.
 */
export async function checkCartLocked(
  tx: Tx,
  school: SchoolContext,
  actor: SessionUser,
  items: OrderItemInput[],
  terms: CartTerms,
): Promise<{ cart: PricedCart; locks: CartLocks } | null> {
  const read = await readLockedCartContext(tx, school.id, actor.id, terms.cycle.id, items);
  if (!read) return null;
  return { cart: priceCart(school, items, terms, read.context), locks: read.locks };
}

/** What the instance keeps in memory for a cart check: the cycle, the menu and the cut-off. */
export type CartTerms = {
  cycle: OrderCycleDto;
  menu: ReadonlyMap<number, OrderableItem>;
  cutoff: Awaited<ReturnType<typeof getCutoffTime>>;
};

/**
 * The checks that need no read, then what the instance keeps in memory (the cycle, the menu, the
 * cut-off), asked for at once so that their version checks share one query (a caller may add its
 * own cached read to the same `Promise.all`).
 */
export async function readCartTerms(
  school: SchoolContext,
  actor: SessionUser,
  items: OrderItemInput[],
): Promise<CartTerms> {
  assertOpenForOrdering(school);
  if (actor.role !== "parent" && actor.role !== "teacher") {
    throw forbidden("Only parents and teachers can place orders");
  }
  if (!actor.email) throw unprocessable(EMAIL_REQUIRED);
  if (items.length === 0) throw unprocessable("No items found in cart");
  const [cycle, menu, cutoff] = await Promise.all([
    getActiveCycle(school),
    orderableMenu(school.id),
    getCutoffTime(school),
  ]);
  if (!cycle) throw conflict(NO_ACTIVE_CYCLE);
  return { cycle, menu, cutoff };
}

/**
 * The cart judged in the spec's order against the terms and its context (the caller's children,
 * discount code, the live orders of the cart's days and the credit, read in one statement), and
 * priced.
 */
function priceCart(
  school: SchoolContext,
  items: OrderItemInput[],
  { cycle, menu, cutoff }: CartTerms,
  { students, code, ordered, creditBalance, creditSpendable }: CartContext,
): PricedCart {
  const menuItemIds = [...new Set(items.map((i) => i.menuItemId))];
  const studentIds = [...new Set(items.map((i) => i.studentId))];
  const menuItems = menuItemIds.flatMap((id) => menu.get(id) ?? []);
  const studentById = new Map(students.map((s) => [s.id, s]));
  const itemById = new Map(menuItems.map((m) => [m.id, m]));

  // Someone else's child, or no such child: the same answer, so nothing is revealed.
  if (studentIds.some((sid) => !studentById.has(sid))) throw notFound("Student not found");

  const missingItems = menuItemIds.filter((mid) => !itemById.has(mid));
  const archivedItems = menuItems.filter((m) => m.isArchived).map((m) => m.id);
  // A counter item (issue 47) is sold at the counter only: never pre-ordered.
  const unavailableItems = menuItems
    .filter((m) => !m.isArchived && (!m.isAvailable || m.type === "counter"))
    .map((m) => m.id);
  const notScheduled = items
    .filter((i) => {
      const m = itemById.get(i.menuItemId);
      return (
        m &&
        m.isAvailable &&
        !m.isArchived &&
        m.type !== "counter" &&
        !isOffered(m, i.weekNumber, i.dayOfWeek)
      );
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

  // Every closed line is named in the refusal (issue 44 §8), so the Cart can mark them all.
  const closedLines = closedLinesOf(cycle, items, cutoff, school.timeZone);
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
    const conflicts = assertAllergySafe(item, student, input.allergyAcknowledged);
    if (closedLines.some((l) => `${l.studentId}:${l.weekNumber}:${l.dayOfWeek}` === dayKey)) {
      throw unprocessable(
        `School Closed: orders for week ${input.weekNumber}, day ${input.dayOfWeek} are closed`,
        { closedLines },
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
      allergyAcknowledged: conflicts.length > 0,
      dailyCap: item.dailyCap,
    };
  });

  if (ordered) throw conflict(ALREADY_ORDERED);
  const totalNgwee = lines.reduce((sum, l) => sum + toNgwee(l.discountedPrice), 0);
  return {
    cycle,
    lines,
    totalNgwee,
    total: fromNgwee(totalNgwee),
    discountCode: code?.code ?? null,
    credit: {
      balanceNgwee: signedNgwee(creditBalance),
      spendableNgwee: signedNgwee(creditSpendable),
    },
    students: studentById,
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
