import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { OrderDto } from "@/lib/contracts";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import { enqueueEmail } from "@/lib/mail/outbox";
import { kickOutbox } from "@/lib/messaging/outbox";
import { fromNgwee } from "@/lib/money";
import { orderCancelledEmail, type MealOfOrder } from "@/lib/orders/cancel-emails";
import { giveBackOrderCredit } from "@/lib/orders/give-back-credit";
import { orderSelect, toOrderDto } from "@/lib/orders/order-dto";
import { idKey } from "@/lib/schools/keys";
import { releaseStock } from "@/lib/menu/stock";
import { cycleDayDate } from "@/lib/school-calendar";

export const CANCELLATION_WINDOW_MS = 60 * 60 * 1000;
export const CANCELLED_CREDIT_NOTE = "Cancelled by the orderer: account credit returned at once";

/**
 * Cancels the caller's order while it is not cancelled (or refunded) and under 1 hour old: one
 * conditional update, so a cancel racing an admin's status change cannot undo it or be undone.
 * In the same transaction (issue 44) the part paid from account credit comes back to the credit
 * at once (a meal paid wholly from credit is then refunded, recorded as a credit refund), the part
 * paid by card or transfer waits in Refund Management as before, and the orderer is e-mailed. A
 * capped item's portion goes back to its day (issue 47).
 */
export async function cancelOrder(
  school: SchoolContext,
  actor: SessionUser,
  orderId: number,
): Promise<OrderDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const now = Date.now();
  const row = await db.$transaction(async (tx) => {
    const { count } = await tx.order.updateMany({
      where: {
        schoolId,
        id: orderId,
        userId: actor.id,
        status: { in: ["pending", "completed"] },
        orderDate: { gt: new Date(now - CANCELLATION_WINDOW_MS) },
      },
      data: { status: "cancelled", version: { increment: 1 } },
    });
    const found = await tx.order.findFirst({
      where: { schoolId, id: orderId, userId: actor.id },
      select: orderSelect,
    });
    if (!found) throw notFound("Order not found");
    if (count === 0) {
      if (found.status === "cancelled" || found.status === "refunded") {
        throw conflict("This order is already cancelled");
      }
      throw conflict("Orders can only be cancelled within 1 hour of ordering");
    }
    await giveBackAndTell(tx, schoolId, orderId);
    return tx.order.findFirstOrThrow({ where: { schoolId, id: orderId }, select: orderSelect });
  });
  kickOutbox(school.id);
  return toOrderDto(row);
}

async function giveBackAndTell(tx: Tx, schoolId: number, orderId: number): Promise<void> {
  const order = await tx.order.findUniqueOrThrow({
    where: idKey(schoolId, orderId),
    select: {
      discountedPrice: true,
      menuItemId: true,
      weekNumber: true,
      dayOfWeek: true,
      category: true,
      sideDish: true,
      student: { select: { name: true } },
      menuItem: { select: { name: true, dailyCap: true } },
      cycle: { select: { startDate: true } },
      user: { select: { id: true, name: true, email: true } },
    },
  });
  const { creditNgwee: credit, toRefundNgwee: paidOtherwise } = await giveBackOrderCredit(
    tx,
    schoolId,
    orderId,
    CANCELLED_CREDIT_NOTE,
  );
  // Issue 47: a capped item's portion of that day goes back, in this same transaction.
  if (order.menuItem.dailyCap !== null) {
    const day = cycleDayDate(isoDate(order.cycle.startDate), order.weekNumber, order.dayOfWeek);
    await releaseStock(tx, schoolId, [{ menuItemId: order.menuItemId, day, quantity: 1 }]);
  }
  const meal: MealOfOrder = {
    studentName: order.student.name,
    menuItemName: order.menuItem.name,
    startDate: isoDate(order.cycle.startDate),
    weekNumber: order.weekNumber,
    dayOfWeek: order.dayOfWeek,
    category: order.category,
    sideDish: order.sideDish,
    discountedPrice: order.discountedPrice.toFixed(2),
  };
  const email = orderCancelledEmail(order.user, meal, {
    creditReturned: fromNgwee(credit),
    toRefund: fromNgwee(paidOtherwise),
  });
  if (email) await enqueueEmail(email, tx);
}

function isoDate(value: Date | string): string {
  return typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}
