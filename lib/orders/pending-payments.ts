import "server-only";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import {
  PENDING_PAYMENT_GROUPS_PAGE_SIZE,
  type PendingPaymentOrderDto,
  type PendingPaymentsPageDto,
  type VerifyPaymentsResultDto,
} from "@/lib/contracts/orders";
import { getDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
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
} as const satisfies Prisma.OrderSelect;

/**
 * One page of groups, oldest pending order first. The page of groups, their totals and the number
 * of groups come from the database; then the orders of those groups in one query.
 */
export async function listPendingPayments(page: number): Promise<PendingPaymentsPageDto> {
  const db = await getDb();
  const pageSize = PENDING_PAYMENT_GROUPS_PAGE_SIZE;
  const [groups, counted] = await Promise.all([
    db.order.groupBy({
      by: ["userId"],
      where: pendingWhere,
      _sum: { discountedPrice: true },
      _min: { orderDate: true },
      orderBy: [{ _min: { orderDate: "asc" } }, { userId: "asc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
    db.$queryRaw<{ count: number }[]>`
      SELECT COUNT(DISTINCT "userId")::int AS "count" FROM "Order"
      WHERE "paymentStatus" = 'pending' AND "status" IN ('pending', 'completed')`,
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
    db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, username: true } }),
    db.order.findMany({
      where: { ...pendingWhere, userId: { in: userIds } },
      select: pendingOrderSelect,
      orderBy: [{ orderDate: "asc" }, { id: "asc" }],
    }),
  ]);
  const usernames = new Map(users.map((u) => [u.id, u.username]));
  const ordersByUser = new Map<number, PendingPaymentOrderDto[]>();
  for (const row of orders) {
    const list = ordersByUser.get(row.userId) ?? [];
    list.push(toOrderLineDto(row));
    ordersByUser.set(row.userId, list);
  }
  return {
    data: groups.map((group) => ({
      parentId: group.userId,
      parentUsername: usernames.get(group.userId) ?? "Unknown user",
      totalAmount: (group._sum.discountedPrice ?? new Prisma.Decimal(0)).toFixed(2),
      orders: ordersByUser.get(group.userId) ?? [],
    })),
    pagination,
  };
}

/**
 * Marks the selected orders as paid, in one conditional statement: only those still pending
 * payment change (a second click, or another admin's, changes nothing). The audit row lists the
 * orders that really changed.
 */
export async function verifyPendingPayments(
  actor: SessionUser,
  orderIds: readonly number[],
): Promise<VerifyPaymentsResultDto> {
  const db = await getDb();
  const ids = [...new Set(orderIds)];
  return db.$transaction(async (tx) => {
    const changed = await tx.$queryRaw<{ id: number }[]>`
      UPDATE "Order"
      SET "paymentStatus" = 'confirmed', "version" = "version" + 1, "updatedAt" = now()
      WHERE "id" IN (${Prisma.join(ids)}) AND "paymentStatus" = 'pending'
      RETURNING "id"`;
    const updatedIds = changed.map((row) => row.id).sort((a, b) => a - b);
    if (updatedIds.length > 0) {
      await audit(tx, actor, {
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
