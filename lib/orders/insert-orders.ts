import "server-only";
import { balanceOf } from "@/lib/credit/ledger";
import type { Tx } from "@/lib/db";
import type { SchoolContext } from "@/lib/contracts/schools";
import { enqueueEmail, type Email } from "@/lib/mail/outbox";
import { toNgwee } from "@/lib/money";
import { noteLowBalance } from "@/lib/credit/low-balance";
import type { Channel } from "@/lib/contracts/notifications";
import { notify } from "@/lib/messaging/notify";
import type { PhoneTexts } from "@/lib/messaging/templates/payments";
import type { Prisma } from "@/lib/generated/prisma/client";
import { takeStock, type StockTake } from "@/lib/menu/stock";
import type { CartLocks } from "@/lib/orders/cart-context";

/** One order to insert: its row, the credit it takes, and its place in the cart. */
export type NewOrder = Prisma.OrderUncheckedCreateInput & { credit: string; n: number };

type Day = { weekNumber: number; dayOfWeek: number };

/** An order as inserted: the cart line `n` it came from, and what only the database knows. */
export type PlacedOrder = { n: number; id: number; orderDate: Date };

/**
 * What a cart's transaction writes, decided once it holds its locks: the orders and the e-mail;
 * with `confirmation` the e-mail confirms a payment (kind `payments`, issue 48) and goes with its
 * SMS and WhatsApp texts to the channels the parent chose; without, it is plain mail (the payment
 * instructions of a transfer).
 */
export type CartPlan = { orders: NewOrder[]; email: Email | null; confirmation?: PhoneTexts };

/**
 * A cart's orders, the e-mail and one credit movement per order that takes credit, inside the
 * caller's transaction, which already holds the cart's locks (`locks`, read with the cart:
 * decision 0114): the orders as `decide` planned them with their inserted ids and times, or null
 * (nothing written) when a day of the cart was closed meanwhile.
 *
 * The cycle is held FOR SHARE: a "Close a day" holds it FOR UPDATE, so this transaction either
 * runs before the closing (whose later read then finds these orders and cancels them) or after it,
 * against the blocked days as the closing left them. The account is held (FOR NO KEY UPDATE, the
 * strength that still queues every other spend of it), and `decide` gets the balance read under
 * that lock (0 when the cart spends no credit), so two checkouts at once never spend the same
 * credit; a spend that leaves the balance below the parent's low-balance threshold sends the
 * day's one message (issue 47).
 *
 * The cart's capped lines (issue 47, `stock`) take their portions after the cycle's check and
 * before the insert: a day sold out meanwhile throws `SoldOut` and the whole transaction rolls
 * back (nothing placed, nothing spent). A cart with no capped line sends no statement for it.
 *
 * Each statement names the school and writes one table (or reads co-located rows of one school),
 * so on Citus every one is answered by the school's shard (decision 0078); none combines them
 * through CTEs, which Citus would plan across every shard. The answer is built from the plan and
 * the insert's RETURNING, not read back (decision 0100).
 */
export async function insertOrders(
  tx: Tx,
  school: Pick<SchoolContext, "id" | "timeZone" | "name">,
  userId: number,
  cart: {
    lines: (Day & { cycleId: number })[];
    spendsCredit: boolean;
    stock?: StockTake[];
    /** The channels the school offers (issue 48), read before the transaction. */
    offered: Channel[];
    locks: CartLocks;
  },
  decide: (lockedBalanceNgwee: number) => CartPlan,
): Promise<{ orders: NewOrder[]; placed: PlacedOrder[] } | null> {
  const schoolId = school.id;
  const { cycle, watch } = cart.locks;
  const offered = cart.offered;
  if (cart.lines.some((line) => line.cycleId !== cycle.id)) return null;
  const blocked = Array.isArray(cycle.blockedDays) ? (cycle.blockedDays as Day[]) : [];
  const closed = cart.lines.some((line) =>
    blocked.some((b) => b.weekNumber === line.weekNumber && b.dayOfWeek === line.dayOfWeek),
  );
  if (closed) return null;
  await takeStock(tx, schoolId, cart.stock ?? []);

  const balance = cart.spendsCredit ? await balanceOf(tx, schoolId, userId) : 0;
  const { orders, email, confirmation } = decide(balance);
  const created = await tx.$queryRaw<
    ({ id: number; orderDate: Date } & Day & { studentId: number })[]
  >`
    INSERT INTO "Order" ("schoolId", "userId", "studentId", "menuItemId", "cycleId", "weekNumber",
      "dayOfWeek", "category", "sideDish", "comments", "originalPrice", "discountedPrice",
      "discountPercentage", "allergyAcknowledged", "status", "paymentStatus",
      "paymentProcessor", "updatedAt")
    SELECT ${schoolId}, ${userId}, "studentId", "menuItemId", "cycleId", "weekNumber", "dayOfWeek",
      "category", "sideDish", "comments", "originalPrice", "discountedPrice",
      "discountPercentage", "allergyAcknowledged", 'pending', "paymentStatus"::"PaymentStatus",
      "paymentProcessor", now()
    FROM json_to_recordset(${JSON.stringify(orders)}::json) AS l(
      "studentId" int, "menuItemId" int, "cycleId" int, "weekNumber" int, "dayOfWeek" int,
      "category" text, "sideDish" text, "comments" text, "originalPrice" numeric,
      "discountedPrice" numeric, "discountPercentage" numeric, "allergyAcknowledged" boolean,
      "paymentStatus" text, "paymentProcessor" text, "n" int)
    ORDER BY "n"
    RETURNING "id", "orderDate", "studentId", "weekNumber", "dayOfWeek"`;

  // One child has one order per day: that is how an inserted row finds its cart line.
  const key = (o: Day & { studentId: number }) => `${o.studentId}:${o.weekNumber}:${o.dayOfWeek}`;
  const lineOf = new Map(orders.map((order) => [key(order), order.n]));
  const placed = created
    .map((row) => ({ n: lineOf.get(key(row))!, id: row.id, orderDate: row.orderDate }))
    .sort((a, b) => a.id - b.id);
  const orderIdOf = new Map(placed.map((order) => [order.n, order.id]));
  const spent = orders
    .filter((order) => Number(order.credit) > 0)
    .map((order) => ({ orderId: orderIdOf.get(order.n), amount: order.credit }));
  if (spent.length > 0) {
    await tx.$executeRaw`
      INSERT INTO "CreditEntry" ("schoolId", "userId", "amount", "kind", "orderId")
      SELECT ${schoolId}, ${userId}, -"amount", 'spent', "orderId"
      FROM json_to_recordset(${JSON.stringify(spent)}::json) AS l("orderId" int, "amount" numeric)`;
    const spentNgwee = spent.reduce((sum, entry) => sum + toNgwee(entry.amount), 0);
    // Issue 47: the account's low-balance setting came with its lock (the cart's statement).
    if (cart.spendsCredit) {
      await noteLowBalance(tx, school, userId, watch, balance - spentNgwee, offered);
    }
  }
  if (confirmation) {
    // A confirmation of what the parent just did: sent during quiet hours too.
    const notice = { userId, kind: "payments", immediate: true, ...confirmation } as const;
    await notify(tx, school, email ? { ...notice, email } : notice, { prefs: watch, offered });
  } else if (email) {
    await enqueueEmail({ userId, ...email }, tx);
  }
  return { orders, placed };
}
