import "server-only";
import type { FailedOrder, FailedOrderItem, FailedOrdersAnswer } from "@/lib/contracts/live-orders";
import type { RecoveryStatus } from "@/lib/contracts/payments";
import { attemptPayment } from "@/lib/contracts/mobile-money";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { namesFor, unknownStudent } from "@/lib/payments/admin/live-orders";
import { snapshotLines } from "@/lib/payments/admin/snapshot";

// Order Recovery's list (spec 001 §2, §3 "Failed order attempt"): every attempt that ever needed
// recovery (recoveryStatus set), newest first. The spec gives no paging; the newest 500 are listed.

export const MAX_FAILED_ORDERS = 500;

export async function listFailedOrders(
  school: SchoolContext,
  status?: RecoveryStatus,
): Promise<FailedOrdersAnswer> {
  const db = await schoolDb(school.id);
  const rows = await db.paymentAttempt.findMany({
    where: { schoolId: school.id, recoveryStatus: status ?? { not: null } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_FAILED_ORDERS,
    select: {
      id: true,
      createdAt: true,
      paymentAmount: true,
      recoveryStatus: true,
      errorDetails: true,
      transactionId: true,
      transactionRef: true,
      cartItems: true,
      paymentMethod: true,
      mobileOperator: true,
      mobileNumber: true,
    },
  });
  const lines = new Map(rows.map((row) => [row.id, snapshotLines(row.cartItems)]));
  const names = await namesFor(school.id, [...lines.values()].flat());
  return {
    data: rows.map((row): FailedOrder => {
      const cart = lines.get(row.id) ?? [];
      const first = cart[0];
      return {
        id: row.id,
        orderDate: row.createdAt.toISOString(),
        student: first ? names.student(first) : unknownStudent(),
        amount: row.paymentAmount.toFixed(2),
        status: row.recoveryStatus ?? "",
        error: row.errorDetails,
        paymentRef: row.transactionId ?? row.transactionRef,
        payment: attemptPayment(row),
        cartItems: cart.map((l): FailedOrderItem => ({
          menuItemId: l.menuItemId,
          menuItem: names.menuItem(l),
          studentId: l.studentId,
          student: names.student(l),
          weekNumber: l.weekNumber,
          dayOfWeek: l.dayOfWeek,
          category: l.category,
          sideDish: l.sideDish,
          comments: l.comments,
          price: l.discountedPrice,
        })),
      };
    }),
  };
}
