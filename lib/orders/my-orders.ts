import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { OrderDto } from "@/lib/contracts";
import { paymentInfoOf } from "@/lib/contracts/mobile-money";
import type { RefundMethod } from "@/lib/contracts/refunds";
import { getDb } from "@/lib/db";
import {
  joinedOrderColumns,
  joinedRowToOrderDto,
  orderSelect,
  toOrderDto,
  type JoinedOrderRow,
} from "@/lib/orders/order-dto";

type PaymentColumns = {
  paymentMethod: string | null;
  mobileOperator: string | null;
  mobileNumber: string | null;
  transactionRef: string | null;
  refundMethod: string | null;
  refundReference: string | null;
  refundedAt: Date | null;
};

export const CANCELLATION_WINDOW_MS = 60 * 60 * 1000;

/**
 * The caller's orders, newest first (every cycle), each with how it was paid (card or mobile money
 * and the masked number). One statement with its joins, read in the order of the (userId,
 * orderDate) index: the history is every parent's first screen of the morning.
 */
export async function listOrdersForUser(actor: SessionUser): Promise<OrderDto[]> {
  const db = await getDb();
  const rows = await db.$queryRaw<(JoinedOrderRow & PaymentColumns)[]>`
    SELECT ${joinedOrderColumns},
      pa."paymentMethod", pa."mobileOperator", pa."mobileNumber", pa."transactionRef",
      r."method" AS "refundMethod", r."reference" AS "refundReference",
      r."createdAt" AS "refundedAt"
    FROM "Order" o
    JOIN "Student" s ON s."id" = o."studentId"
    JOIN "MenuItem" m ON m."id" = o."menuItemId"
    LEFT JOIN "PaymentAttempt" pa ON pa."id" = o."paymentAttemptId"
    LEFT JOIN "OrderRefund" r ON r."orderId" = o."id"
    WHERE o."userId" = ${actor.id}
    ORDER BY o."orderDate" DESC, o."id" DESC`;
  // Each answer is built once and completed in place: no copies of the row or the order.
  return rows.map((row) => {
    const order = joinedRowToOrderDto(row);
    order.payment = paymentInfoOf(row);
    order.paymentReference = row.transactionRef;
    order.refund =
      row.refundMethod && row.refundedAt
        ? {
            method: row.refundMethod as RefundMethod,
            reference: row.refundReference,
            refundedAt: new Date(row.refundedAt).toISOString(),
          }
        : null;
    return order;
  });
}

/**
 * Cancels the caller's order while it is not cancelled (or refunded) and under 1 hour old. One
 * conditional update, so a cancel racing an admin's status change cannot undo it or be undone.
 */
export async function cancelOrder(actor: SessionUser, orderId: number): Promise<OrderDto> {
  const db = await getDb();
  const now = Date.now();
  const { count } = await db.order.updateMany({
    where: {
      id: orderId,
      userId: actor.id,
      status: { in: ["pending", "completed"] },
      orderDate: { gt: new Date(now - CANCELLATION_WINDOW_MS) },
    },
    data: { status: "cancelled", version: { increment: 1 } },
  });
  const row = await db.order.findFirst({
    where: { id: orderId, userId: actor.id },
    select: orderSelect,
  });
  if (!row) throw notFound("Order not found");
  if (count === 0) {
    if (row.status === "cancelled" || row.status === "refunded") {
      throw conflict("This order is already cancelled");
    }
    throw conflict("Orders can only be cancelled within 1 hour of ordering");
  }
  return toOrderDto(row);
}
