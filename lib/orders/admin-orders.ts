import "server-only";
import { conflict } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import type { SessionUser } from "@/lib/auth/session";
import type { OrderDto, OrderStatus } from "@/lib/contracts";
import type {
  CycleOrderDto,
  CycleOrdersPage,
  OrderStatusUpdateResultDto,
} from "@/lib/contracts/orders";
import { pageMetadata } from "@/lib/contracts/paging";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { giveBackOrderCredit } from "@/lib/orders/give-back-credit";
import {
  joinedRowToOrderLine,
  orderLineColumns,
  orderSelect,
  toOrderDto,
  type JoinedOrderLineRow,
} from "@/lib/orders/order-dto";
import { toIsoDate } from "@/lib/school-calendar";
import { releaseOrdersStock } from "@/lib/menu/order-portions";
import { cancelledPortionsOf, retakeStock } from "@/lib/orders/order-stock";
import type { CycleOrdersQuery, OrderStatusUpdate } from "@/lib/validations/admin-orders";

// The administrator's view of orders (spec 001 §2 Cycle History, §4, §7): the paged, filtered table
// of one cycle, every order for the console, and the bulk status change.

export const STATUS_RESTORE_CONFLICT =
  "Some selected orders cannot be restored: their student already has another order for that day. No statuses were changed.";

export const STATUS_CREDIT_RETURNED_CONFLICT =
  "Some selected orders cannot be restored: their account credit was already given back. No statuses were changed.";
export const ADMIN_CANCELLED_CREDIT_NOTE =
  "Cancelled by the school: account credit returned at once";

type CycleOrderRow = JoinedOrderLineRow & {
  status: OrderStatus;
  cycleStartDate: Date;
  ordererName: string;
  ordererUsername: string;
  paymentReference: string | null;
};

/**
 * One page of a cycle's orders, newest first; the filtering, paging and counting is the database's:
 * the count reads the (cycleId, ...) indexes, the page walks (cycleId, orderDate, id) backwards and
 * stops after pageSize rows, joined to its child, item and cycle in the same statement.
 */
export async function listCycleOrders(
  school: SchoolContext,
  query: CycleOrdersQuery,
): Promise<CycleOrdersPage> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const where: Prisma.OrderWhereInput = {
    schoolId,
    cycleId: query.cycleId,
    ...(query.weekNumber !== undefined && { weekNumber: query.weekNumber }),
    ...(query.dayOfWeek !== undefined && { dayOfWeek: query.dayOfWeek }),
    ...(query.status !== undefined && { status: query.status }),
    ...(query.menuItemId !== undefined && { menuItemId: query.menuItemId }),
  };
  const filters = [
    Prisma.sql`o."schoolId" = ${schoolId}`,
    Prisma.sql`o."cycleId" = ${query.cycleId}`,
    ...(query.weekNumber !== undefined ? [Prisma.sql`o."weekNumber" = ${query.weekNumber}`] : []),
    ...(query.dayOfWeek !== undefined ? [Prisma.sql`o."dayOfWeek" = ${query.dayOfWeek}`] : []),
    ...(query.status !== undefined
      ? [Prisma.sql`o."status" = ${query.status}::"OrderStatus"`]
      : []),
    ...(query.menuItemId !== undefined ? [Prisma.sql`o."menuItemId" = ${query.menuItemId}`] : []),
  ];
  const [total, rows] = await Promise.all([
    db.order.count({ where }),
    db.$queryRaw<CycleOrderRow[]>`
      SELECT ${orderLineColumns}, o."status"::text AS "status", c."startDate" AS "cycleStartDate",
        u."name" AS "ordererName", u."username" AS "ordererUsername",
        p."transactionRef" AS "paymentReference"
      FROM "Order" o
      JOIN "Student" s ON s."schoolId" = o."schoolId" AND s."id" = o."studentId"
      JOIN "MenuItem" m ON m."schoolId" = o."schoolId" AND m."id" = o."menuItemId"
      JOIN "OrderCycle" c ON c."schoolId" = o."schoolId" AND c."id" = o."cycleId"
      JOIN "User" u ON u."schoolId" = o."schoolId" AND u."id" = o."userId"
      LEFT JOIN "PaymentAttempt" p ON p."schoolId" = o."schoolId" AND p."id" = o."paymentAttemptId"
      WHERE ${Prisma.join(filters, " AND ")}
      ORDER BY o."orderDate" DESC, o."id" DESC
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
  ]);
  return {
    // Completed in place, not spread (decision 0060).
    data: rows.map((row): CycleOrderDto =>
      Object.assign(joinedRowToOrderLine(row), {
        status: row.status,
        cycle: { startDate: toIsoDate(row.cycleStartDate) },
        cartItems: [] as [],
        orderedBy: { name: row.ordererName, username: row.ordererUsername },
        paymentReference: row.paymentReference,
      }),
    ),
    metadata: pageMetadata(total, query.page, query.pageSize),
    timeZone: school.timeZone,
  };
}

/** Every order of every account, newest first (GET /api/orders?unpaginated=true for admins). */
export async function listAllOrders(school: Pick<SchoolContext, "id">): Promise<OrderDto[]> {
  const db = await schoolDb(school.id);
  const rows = await db.order.findMany({
    where: { schoolId: school.id },
    select: orderSelect,
    orderBy: [{ orderDate: "desc" }, { id: "desc" }],
  });
  return rows.map(toOrderDto);
}

/**
 * Sets the status of the selected orders in one statement. Refunded orders are final and orders
 * already in that status are left alone, so `updated` counts real changes. Restoring a cancelled
 * order whose day another live order now holds trips the one-live-order index: nothing changes.
 * A cancel gives each meal's credit part back at once; an order whose credit already came back is
 * not restored (409, nothing changes). Capped portions (issue 47) go back on a cancel and are
 * taken again on a restore (409 naming the item and day when it sold out meanwhile).
 */
export async function updateOrderStatuses(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  input: OrderStatusUpdate,
): Promise<OrderStatusUpdateResultDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const orderIds = [...new Set(input.orderIds)];
  try {
    const updated = await db.$transaction(async (tx) => {
      const cancelling = input.status === "cancelled";
      // Issue 47: cancelled orders being restored take their capped portions again.
      const restoring = cancelling ? [] : await cancelledPortionsOf(tx, schoolId, orderIds);
      // A meal whose credit already came back (cancel, closed day) is not restored: it would be
      // partly free, and its day could not give the credit back again (decision 0069). Read under
      // the orders' locks, not as a relation filter inside the UPDATE, which Citus would plan
      // over every shard (decision 0078).
      const creditReturned = cancelling
        ? new Set<number>()
        : await creditReturnedOf(tx, schoolId, orderIds);
      const changed = await tx.order.updateManyAndReturn({
        where: {
          schoolId,
          id: { in: orderIds.filter((id) => !creditReturned.has(id)) },
          status: { notIn: ["refunded", input.status] },
        },
        data: { status: input.status, version: { increment: 1 } },
        select: { id: true },
      });
      const count = changed.length;
      if (!cancelling) {
        const leftOut = await tx.order.count({
          where: {
            schoolId,
            id: { in: orderIds },
            status: { notIn: ["refunded", input.status] },
          },
        });
        if (leftOut > 0) throw conflict(STATUS_CREDIT_RETURNED_CONFLICT);
        await retakeStock(tx, schoolId, restoring);
      }
      // An admin's cancel gives the meal's credit part back at once, as the orderer's does.
      if (cancelling) {
        for (const { id } of changed)
          await giveBackOrderCredit(tx, schoolId, id, ADMIN_CANCELLED_CREDIT_NOTE);
        await releaseOrdersStock(
          tx,
          schoolId,
          changed.map((order) => order.id),
        );
      }
      if (count > 0) {
        await tx.auditLog.create({
          data: {
            schoolId,
            actorId: actor.id,
            action: "order.status-update",
            entity: "Order",
            details: { orderIds, status: input.status, updated: count },
          },
        });
      }
      return count;
    });
    return { updated };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(STATUS_RESTORE_CONFLICT);
    throw error;
  }
}

/** Of these orders (locked here FOR UPDATE), the ones whose credit part was given back. */
async function creditReturnedOf(
  tx: Tx,
  schoolId: number,
  orderIds: number[],
): Promise<Set<number>> {
  await tx.$queryRaw`
    SELECT "id" FROM "Order" WHERE "schoolId" = ${schoolId} AND "id" = ANY(${orderIds}::int[])
    ORDER BY "id" FOR UPDATE`;
  const returned = await tx.creditEntry.findMany({
    where: { schoolId, orderId: { in: orderIds }, kind: { in: ["refund", "closure"] } },
    select: { orderId: true },
  });
  return new Set(returned.flatMap((entry) => (entry.orderId === null ? [] : [entry.orderId])));
}
