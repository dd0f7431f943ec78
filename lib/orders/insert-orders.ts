import "server-only";
import type { Tx } from "@/lib/db";
import { enqueueEmail, type Email } from "@/lib/mail/outbox";
import { joinedOrderColumns, type JoinedOrderRow } from "@/lib/orders/order-dto";
import type { Prisma } from "@/lib/generated/prisma/client";

/** One order to insert: its row, the credit it takes, and its place in the cart. */
export type NewOrder = Prisma.OrderUncheckedCreateInput & { credit: string; n: number };

type Day = { weekNumber: number; dayOfWeek: number };

/**
 * A cart's orders, the e-mail and one credit movement per order that takes credit, inside the
 * caller's transaction, answered with each order joined to its child and item; none at all when
 * a day of the cart was closed meanwhile. Each statement names the school and touches one table
 * (or reads co-located rows of one school), so on Citus every one is answered by the school's
 * shard (decision 0078): no statement combines them through CTEs, which Citus would plan across
 * every shard.
 *
 * The cycles are read FOR SHARE: a "Close a day" holds its cycle FOR UPDATE, so this transaction
 * either runs before the closing (whose later read then finds these orders and cancels them) or
 * after it, against the blocked days as the closing left them.
 */
export async function insertOrders(
  tx: Tx,
  schoolId: number,
  userId: number,
  orders: NewOrder[],
  email: Email | null,
): Promise<JoinedOrderRow[]> {
  const cycleIds = [...new Set(orders.map((order) => order.cycleId))];
  const cycles = await tx.$queryRaw<{ id: number; blockedDays: unknown }[]>`
    SELECT "id", "blockedDays" FROM "OrderCycle"
    WHERE "schoolId" = ${schoolId} AND "id" = ANY(${cycleIds}::int[]) FOR SHARE`;
  const blockedIn = new Map(
    cycles.map((c) => [c.id, Array.isArray(c.blockedDays) ? (c.blockedDays as Day[]) : []]),
  );
  const closed = orders.some((order) =>
    (blockedIn.get(order.cycleId) ?? []).some(
      (b) => b.weekNumber === order.weekNumber && b.dayOfWeek === order.dayOfWeek,
    ),
  );
  if (closed) return [];

  const created = await tx.$queryRaw<({ id: number } & Day & { studentId: number })[]>`
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
    RETURNING "id", "studentId", "weekNumber", "dayOfWeek"`;

  // One child has one order per day: that is how a credit share finds its order.
  const key = (o: Day & { studentId: number }) => `${o.studentId}:${o.weekNumber}:${o.dayOfWeek}`;
  const orderIdOf = new Map(created.map((order) => [key(order), order.id]));
  const spent = orders
    .filter((order) => Number(order.credit) > 0)
    .map((order) => ({ orderId: orderIdOf.get(key(order)), amount: order.credit }));
  if (spent.length > 0) {
    await tx.$executeRaw`
      INSERT INTO "CreditEntry" ("schoolId", "userId", "amount", "kind", "orderId")
      SELECT ${schoolId}, ${userId}, -"amount", 'spent', "orderId"
      FROM json_to_recordset(${JSON.stringify(spent)}::json) AS l("orderId" int, "amount" numeric)`;
  }
  if (email) await enqueueEmail({ userId, ...email }, tx);
  return tx.$queryRaw<JoinedOrderRow[]>`
    SELECT ${joinedOrderColumns}
    FROM "Order" o
    JOIN "Student" s ON s."schoolId" = ${schoolId} AND s."id" = o."studentId"
    JOIN "MenuItem" m ON m."schoolId" = ${schoolId} AND m."id" = o."menuItemId"
    WHERE o."schoolId" = ${schoolId} AND o."id" = ANY(${created.map((o) => o.id)}::int[])
    ORDER BY o."id"`;
}
