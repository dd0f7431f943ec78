import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import { pageMetadata } from "@/lib/contracts/paging";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import { REFUNDS_PAGE_SIZE, type RefundDto, type RefundsPageDto } from "@/lib/contracts/orders";
import type { RecordedRefundMethod } from "@/lib/contracts/refunds";
import {
  CARD_REFUND_PENDING_FOR_ORDER,
  type CardRefundStatus,
  type RefundCardInfo,
} from "@/lib/contracts/card-refunds";
import { appendMovement } from "@/lib/credit/ledger";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { enqueueEmail } from "@/lib/mail/outbox";
import { kickOutbox } from "@/lib/messaging/outbox";
import { fromNgwee, toNgwee } from "@/lib/money";
import { refundRecordedEmail, type MealOfOrder } from "@/lib/orders/cancel-emails";
import { cycleDayDate } from "@/lib/school-calendar";
import { idKey } from "@/lib/schools/keys";
import { orderLineSelect } from "@/lib/orders/order-dto";
import type { RefundCompleteValues } from "@/lib/validations/refunds";

// Refund Management (spec 001 §2, §4, §7): paid orders that were cancelled, to be refunded, and
// the ones already refunded; marking a cancelled order refunded.

export const ONLY_CANCELLED_REFUNDABLE = "Only cancelled orders can be refunded";
export const ONLY_PAID_REFUNDABLE = "Only paid orders can be refunded";
export const ORDER_NOT_FOUND = "Order not found";

const refundWhere = {
  status: { in: ["cancelled", "refunded"] },
  paymentStatus: "confirmed",
  discountedPrice: { gt: 0 },
} as const satisfies Prisma.OrderWhereInput;

const refundSelect = {
  id: true,
  orderDate: true,
  discountedPrice: true,
  status: true,
  student: orderLineSelect.student,
  menuItem: { select: { name: true } },
  userId: true,
  weekNumber: true,
  dayOfWeek: true,
  category: true,
  sideDish: true,
  cycle: { select: { startDate: true } },
  // Issue 44: the part paid from account credit, given back when the order was cancelled.
  creditEntries: { where: { kind: "refund", adminId: null }, select: { amount: true } },
  // Issue 49: a card payment's refundable part, and the order's refund through DPO.
  paymentAttempt: {
    select: {
      paymentMethod: true,
      transactionId: true,
      transactionStatus: true,
      paymentAmount: true,
      // What went back to the card or is on its way: not a refund the office paid by hand.
      cardRefunds: { where: { status: { not: "paid_by_hand" } }, select: { amount: true } },
    },
  },
  cardRefund: { select: { id: true, status: true, resultCode: true, explanation: true } },
  refund: {
    select: {
      method: true,
      reference: true,
      note: true,
      createdAt: true,
      admin: { select: { name: true } },
    },
  },
} as const satisfies Prisma.OrderSelect;

type RefundRow = Prisma.OrderGetPayload<{ select: typeof refundSelect }>;

/** The credit given back when the order was cancelled (issue 44), in ngwee. */
function creditReturned(row: Pick<RefundRow, "creditEntries">): number {
  return row.creditEntries.reduce((sum, entry) => sum + toNgwee(entry.amount.toFixed(2)), 0);
}

/** What the office refunds: the paid price less the credit already given back at the cancel. */
export function officeAmount(row: Pick<RefundRow, "discountedPrice" | "creditEntries">): string {
  return fromNgwee(Math.max(0, toNgwee(row.discountedPrice.toFixed(2)) - creditReturned(row)));
}

/** A card-paid order's DPO refund (issue 49): what is left to refund, and its refund if any. */
function cardInfo(row: RefundRow): RefundCardInfo | null {
  const attempt = row.paymentAttempt;
  if (!attempt?.transactionId || attempt.paymentMethod !== "CARD") return null;
  if (attempt.transactionStatus !== "verified") return null;
  const refunded = attempt.cardRefunds.reduce((sum, r) => sum + toNgwee(r.amount.toFixed(2)), 0);
  const left = toNgwee(attempt.paymentAmount.toFixed(2)) - refunded;
  const refundable = row.status === "cancelled" && !row.cardRefund ? toNgwee(officeAmount(row)) : 0;
  return {
    refundable: fromNgwee(Math.max(0, Math.min(left, refundable))),
    cardRefund: row.cardRefund && {
      ...row.cardRefund,
      status: row.cardRefund.status as CardRefundStatus,
    },
  };
}

function toRefundDto(row: RefundRow): RefundDto {
  return {
    id: row.id,
    orderDate: row.orderDate.toISOString(),
    mealDate: cycleDayDate(isoDate(row.cycle.startDate), row.weekNumber, row.dayOfWeek),
    weekNumber: row.weekNumber,
    dayOfWeek: row.dayOfWeek,
    student: row.student,
    menuItem: row.menuItem,
    // What the office refunds (or refunded): the price less the credit that came back at the cancel.
    amount: officeAmount(row),
    // The query only returns these two; the cast keeps the DTO's narrower type.
    status: row.status as RefundDto["status"],
    card: cardInfo(row),
    refund: row.refund && {
      method: row.refund.method as RecordedRefundMethod,
      reference: row.refund.reference,
      note: row.refund.note,
      adminName: row.refund.admin?.name ?? null,
      refundedAt: row.refund.createdAt.toISOString(),
    },
  };
}

/** One page of refundable and refunded orders, newest order first. */
export async function listRefunds(
  school: Pick<SchoolContext, "id">,
  page: number,
): Promise<RefundsPageDto> {
  const db = await schoolDb(school.id);
  const where = { ...refundWhere, schoolId: school.id };
  const [total, rows] = await Promise.all([
    db.order.count({ where }),
    db.order.findMany({
      where,
      select: refundSelect,
      orderBy: [{ orderDate: "desc" }, { id: "desc" }],
      skip: (page - 1) * REFUNDS_PAGE_SIZE,
      take: REFUNDS_PAGE_SIZE,
    }),
  ]);
  return {
    data: rows.map(toRefundDto),
    metadata: pageMetadata(total, page, REFUNDS_PAGE_SIZE),
  };
}

/**
 * Marks a cancelled, paid order refunded with one conditional update, so a refund racing a status
 * change (or a second click) can neither refund a live order nor refund twice. With a method, the
 * record of how the money went back (issue 25) is written in the same transaction; with "credit"
 * the paid amount is credited to the account that paid (issue 17).
 */
export async function completeRefund(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  orderId: number,
  how: RefundCompleteValues = { reference: null, note: null },
): Promise<RefundDto> {
  const db = await schoolDb(school.id);
  const answer = await db.$transaction((tx) =>
    completeRefundIn(tx, school.id, actor, orderId, how),
  );
  kickOutbox(school.id);
  return answer;
}

/** completeRefund inside the caller's transaction (a DPO refund paid by hand instead). */
export async function completeRefundIn(
  tx: Tx,
  schoolId: number,
  actor: SessionUser,
  orderId: number,
  how: RefundCompleteValues,
): Promise<RefundDto> {
  const { count } = await tx.order.updateMany({
    // The same orders the list shows: a free order (nothing paid) is never refunded.
    where: {
      schoolId,
      id: orderId,
      status: "cancelled",
      paymentStatus: "confirmed",
      discountedPrice: { gt: 0 },
    },
    data: { status: "refunded", version: { increment: 1 } },
  });
  const row = await tx.order.findUnique({
    where: idKey(schoolId, orderId),
    select: { ...refundSelect, paymentStatus: true },
  });
  if (!row) throw notFound(ORDER_NOT_FOUND);
  // Issue 49: not while its refund through DPO is pending (it locked the order cancelled).
  if (count === 1 && row.cardRefund?.status === "pending") {
    throw conflict(CARD_REFUND_PENDING_FOR_ORDER, { cardRefundId: row.cardRefund.id });
  }
  if (count === 0) {
    throw conflict(row.status === "cancelled" ? ONLY_PAID_REFUNDABLE : ONLY_CANCELLED_REFUNDABLE, {
      status: row.status,
    });
  }
  const amount = officeAmount(row);
  if (how.method) {
    await tx.orderRefund.create({
      data: {
        schoolId,
        orderId,
        method: how.method,
        reference: how.reference,
        note: how.note,
        adminId: actor.id,
      },
    });
    if (how.method === "credit" && toNgwee(amount) > 0) {
      await appendMovement(tx, {
        userId: row.userId,
        ngwee: toNgwee(amount),
        // One "refund" entry per order: when its credit part already came back at the cancel,
        // the office's credit for the rest is recorded as an adjustment naming the order.
        kind: creditReturned(row) > 0 ? "adjustment" : "refund",
        orderId,
        adminId: actor.id,
        reason: how.note,
      });
    }
  }
  await audit(schoolId, tx, actor, {
    action: "refund.complete",
    entity: "Order",
    entityId: orderId,
    before: { status: "cancelled" },
    after: { status: "refunded" },
    details: {
      amount,
      ...(how.method && { method: how.method, reference: how.reference, note: how.note }),
    },
  });
  const saved = await tx.order.findUniqueOrThrow({
    where: idKey(schoolId, orderId),
    select: { ...refundSelect, user: { select: { id: true, name: true, email: true } } },
  });
  const email = refundRecordedEmail(saved.user, mealOf(saved), {
    amount,
    method: how.method ?? null,
    reference: how.reference ?? null,
  });
  if (email) await enqueueEmail(email, tx);
  return toRefundDto(saved);
}

function mealOf(row: RefundRow): MealOfOrder {
  return {
    studentName: row.student.name,
    menuItemName: row.menuItem.name,
    startDate: isoDate(row.cycle.startDate),
    weekNumber: row.weekNumber,
    dayOfWeek: row.dayOfWeek,
    category: row.category,
    sideDish: row.sideDish,
    discountedPrice: row.discountedPrice.toFixed(2),
  };
}

function isoDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}
