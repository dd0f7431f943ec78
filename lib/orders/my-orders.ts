import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import type { OrderDto } from "@/lib/contracts";
import { paymentInfoOf } from "@/lib/contracts/mobile-money";
import type { RecordedRefundMethod } from "@/lib/contracts/refunds";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import {
  joinedOrderColumns,
  joinedRowToOrderDto,
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

/**
 * The caller's orders, newest first (every cycle), each with how it was paid (card or mobile money
 * and the masked number). One statement with its joins, read in the order of the (userId,
 * orderDate) index: the history is every parent's first screen of the morning.
 */
export async function listOrdersForUser(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
): Promise<OrderDto[]> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const rows = await db.$queryRaw<(JoinedOrderRow & PaymentColumns)[]>`
    SELECT ${joinedOrderColumns},
      pa."paymentMethod", pa."mobileOperator", pa."mobileNumber", pa."transactionRef",
      r."method" AS "refundMethod", r."reference" AS "refundReference",
      r."createdAt" AS "refundedAt"
    FROM "Order" o
    JOIN "Student" s ON s."schoolId" = o."schoolId" AND s."id" = o."studentId"
    JOIN "MenuItem" m ON m."schoolId" = o."schoolId" AND m."id" = o."menuItemId"
    LEFT JOIN "PaymentAttempt" pa ON pa."schoolId" = o."schoolId" AND pa."id" = o."paymentAttemptId"
    LEFT JOIN "OrderRefund" r ON r."schoolId" = o."schoolId" AND r."orderId" = o."id"
    WHERE o."schoolId" = ${schoolId} AND o."userId" = ${actor.id}
    ORDER BY o."orderDate" DESC, o."id" DESC`;
  // Each answer is built once and completed in place: no copies of the row or the order.
  return rows.map((row) => {
    const order = joinedRowToOrderDto(row);
    order.payment = paymentInfoOf(row);
    order.paymentReference = row.transactionRef;
    order.refund =
      row.refundMethod && row.refundedAt
        ? {
            method: row.refundMethod as RecordedRefundMethod,
            reference: row.refundReference,
            refundedAt: new Date(row.refundedAt).toISOString(),
          }
        : null;
    return order;
  });
}
