import "server-only";
import { conflict } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import {
  PENDING_PAYMENT_GROUPS_PAGE_SIZE,
  type PendingPaymentOrderDto,
  type PendingPaymentsPageDto,
  type VerifyPaymentsResultDto,
} from "@/lib/contracts/orders";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { fromNgwee, toNgwee } from "@/lib/money";
import { orderLineSelect, toOrderLineDto } from "@/lib/orders/order-dto";

// Pending Payments (spec 001 §2, §4, §7): live orders whose payment the school has not received
// yet (the alternative payment methods), grouped by the account that ordered them, and the
// admin's verification that the money arrived.

const pendingWhere = {
  paymentStatus: "pending",
  status: { in: ["pending", "completed"] },
} as const satisfies Prisma.OrderWhereInput;

const pendingOrderSelect = {
  ...orderLineSelect,
  userId: true,
  // Issue 44: the account credit this order already took at checkout; only the rest is asked for.
  creditEntries: { where: { kind: "spent" }, select: { amount: true } },
} as const satisfies Prisma.OrderSelect;

/**
 * One page of groups, oldest pending order first. The page of groups, their totals and the number
 * of groups come from the database; then the orders of those groups in one query.
 */
export async function listPendingPayments(
  school: Pick<SchoolContext, "id">,
  page: number,
): Promise<PendingPaymentsPageDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const pageSize = PENDING_PAYMENT_GROUPS_PAGE_SIZE;
  const [groups, counted] = await Promise.all([
    db.order.groupBy({
      by: ["userId"],
      where: { ...pendingWhere, schoolId },
      _min: { orderDate: true },
      orderBy: [{ _min: { orderDate: "asc" } }, { userId: "asc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    db.$queryRaw<{ count: number }[]>`
      SELECT COUNT(DISTINCT "userId")::int AS "count" FROM "Order"
      WHERE "schoolId" = ${schoolId} AND "paymentStatus" = 'pending' AND "status" IN ('pending', 'completed')`,
  ]);
  const totalGroups = Number(counted[0]?.count ?? 0);
  const totalPages = Math.ceil(totalGroups / pageSize);
  const pagination = {
    totalGroups,
    totalPages,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
    page,
    pageSize,
  };
  if (groups.length === 0) return { data: [], pagination };

  const userIds = groups.map((g) => g.userId);
  const [users, orders] = await Promise.all([
    db.user.findMany({
      where: { schoolId, id: { in: userIds } },
      select: { id: true, username: true },
    }),
    db.order.findMany({
      where: { ...pendingWhere, schoolId, userId: { in: userIds } },
      select: pendingOrderSelect,
      orderBy: [{ orderDate: "asc" }, { id: "asc" }],
    }),
  ]);
  const usernames = new Map(users.map((u) => [u.id, u.username]));
  const ordersByUser = new Map<number, PendingPaymentOrderDto[]>();
  const dueByUser = new Map<number, number>();
  for (const row of orders) {
    const list = ordersByUser.get(row.userId) ?? [];
    const credit = row.creditEntries.reduce(
      (sum, e) => sum - toNgwee(e.amount.abs().toFixed(2)),
      0,
    );
    const due = Math.max(0, toNgwee(row.discountedPrice.toFixed(2)) + credit);
    list.push(Object.assign(toOrderLineDto(row), { amountDue: fromNgwee(due) }));
    ordersByUser.set(row.userId, list);
    dueByUser.set(row.userId, (dueByUser.get(row.userId) ?? 0) + due);
  }
  return {
    data: groups.map((group) => ({
      parentId: group.userId,
      parentUsername: usernames.get(group.userId) ?? "Unknown user",
      totalAmount: fromNgwee(dueByUser.get(group.userId) ?? 0),
      orders: ordersByUser.get(group.userId) ?? [],
    })),
    pagination,
  };
}

export const ORDERS_NO_LONGER_LIVE =
  "Some of these orders were cancelled or refunded, so their payment cannot be verified. Refresh the list and try again.";

/**
 * Marks the selected orders as paid, in one conditional statement: only those still pending
 * payment and still live change (a second click, or another admin's, changes nothing). A selection
 * with an order cancelled or refunded meanwhile is refused whole (409, issue 43): its money is not
 * owed. The audit row lists the orders that really changed.
 */
export async function verifyPendingPayments(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  orderIds: readonly number[],
): Promise<VerifyPaymentsResultDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const ids = [...new Set(orderIds)];
  return db.$transaction(async (tx) => {
    const closed = await tx.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "Order"
      WHERE "schoolId" = ${schoolId} AND "id" IN (${Prisma.join(ids)})
        AND "status" NOT IN ('pending', 'completed')`;
    if (closed.length > 0) {
      throw conflict(ORDERS_NO_LONGER_LIVE, { orderIds: closed.map((row) => row.id) });
    }
    // The status again in the update: an order cancelled since the check is left as it is.
    const changed = await tx.$queryRaw<{ id: number }[]>`
      UPDATE "Order"
      SET "paymentStatus" = 'confirmed', "version" = "version" + 1, "updatedAt" = now()
      WHERE "schoolId" = ${schoolId} AND "id" IN (${Prisma.join(ids)})
        AND "paymentStatus" = 'pending'
        AND "status" IN ('pending', 'completed')
      RETURNING "id"`;
    const updatedIds = changed.map((row) => row.id).sort((a, b) => a - b);
    if (updatedIds.length > 0) {
      await audit(schoolId, tx, actor, {
        action: "payment.verify",
        entity: "Order",
        before: { paymentStatus: "pending" },
        after: { paymentStatus: "confirmed" },
        details: { orderIds: updatedIds, requested: ids.length, updated: updatedIds.length },
      });
    }
    return { updated: updatedIds.length };
  });
}
