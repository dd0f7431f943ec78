import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import {
  CARD_REFUND_UNDER_WAY,
  NOT_A_CARD_PAYMENT,
  OVER_REFUND,
  type CardRefundDto,
  type CardRefundsDto,
} from "@/lib/contracts/card-refunds";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import { fromNgwee, toNgwee } from "@/lib/money";
import { cardRefundSelect, sendCardRefund, toCardRefundDto } from "@/lib/payments/card-refund-send";
import type { CardRefundValues } from "@/lib/validations/refunds";
import {
  ONLY_CANCELLED_REFUNDABLE,
  ONLY_PAID_REFUNDABLE,
  ORDER_NOT_FOUND,
} from "@/lib/orders/refunds";

// Refund Management's refunds through DPO (issue 49, decision 0115): a cancelled order paid by
// card is refunded to that card, whole or in part; the row is written pending before DPO is
// called, and a pending one (refused, or no answer) is retried from the list.

/** A card payment DPO can refund: paid through DPO's pay page, with its token. */
export type CardPayment = { id: number; token: string; paidNgwee: number; refundedNgwee: number };

/**
 * Locks the payment attempt and answers what it paid by card and what its pending and refunded
 * card refunds add up to, or null when it is not a paid card payment. Every new card refund is
 * written under this lock, so two at once can never take more than the payment.
 */
export async function lockedCardPayment(
  tx: Tx,
  schoolId: number,
  attemptId: number,
): Promise<CardPayment | null> {
  const [attempt] = await tx.$queryRaw<
    { token: string | null; paid: string; method: string; status: string }[]
  >`SELECT "transactionId" AS "token", "paymentAmount"::text AS "paid",
      "paymentMethod" AS "method", "transactionStatus" AS "status"
    FROM "PaymentAttempt" WHERE "schoolId" = ${schoolId} AND "id" = ${attemptId} FOR UPDATE`;
  if (!attempt?.token || attempt.method !== "CARD" || attempt.status !== "verified") return null;
  const [refunded] = await tx.$queryRaw<{ sum: string }[]>`
    SELECT COALESCE(SUM("amount"), 0)::numeric(14, 2)::text AS "sum" FROM "CardRefund"
    WHERE "schoolId" = ${schoolId} AND "paymentAttemptId" = ${attemptId}
      AND "status" <> 'paid_by_hand'`;
  return {
    id: attemptId,
    token: attempt.token,
    paidNgwee: toNgwee(attempt.paid),
    refundedNgwee: toNgwee(refunded?.sum ?? "0"),
  };
}

/**
 * Starts the refund of a cancelled, card-paid order through DPO: at most what the office would
 * refund for the order and what is left on its payment (409 with `refundable` otherwise). The
 * pending row is committed first, then DPO is called; the answer is DPO's, as recorded.
 */
export async function startOrderCardRefund(
  school: SchoolContext,
  actor: SessionUser,
  orderId: number,
  values: CardRefundValues,
): Promise<CardRefundDto> {
  const schoolId = school.id;
  const ngwee = toNgwee(values.amount);
  const db = await schoolDb(schoolId);
  const id = await db.$transaction(async (tx) => {
    const [order] = await tx.$queryRaw<
      { status: string; paid: string; attemptId: number | null; userId: number; price: string }[]
    >`SELECT "status"::text AS "status", "paymentStatus"::text AS "paid",
        "paymentAttemptId" AS "attemptId", "userId", "discountedPrice"::text AS "price"
      FROM "Order" WHERE "schoolId" = ${schoolId} AND "id" = ${orderId} FOR UPDATE`;
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (order.status !== "cancelled") {
      throw conflict(ONLY_CANCELLED_REFUNDABLE, { status: order.status });
    }
    if (order.paid !== "confirmed" || toNgwee(order.price) === 0) {
      throw conflict(ONLY_PAID_REFUNDABLE, { status: order.status });
    }
    // The family's account before its payment, in the order a family leaving takes them (account,
    // then payments): the refund row's foreign key needs the account, and taking it last would
    // deadlock with a leaving family's refund of the same payment.
    await tx.$queryRaw`
      SELECT "id" FROM "User" WHERE "schoolId" = ${schoolId} AND "id" = ${order.userId} FOR KEY SHARE`;
    const payment =
      order.attemptId === null ? null : await lockedCardPayment(tx, schoolId, order.attemptId);
    if (!payment) throw conflict(NOT_A_CARD_PAYMENT);
    const started = await tx.cardRefund.findFirst({
      where: { schoolId, orderId },
      select: { id: true },
    });
    if (started) throw conflict(CARD_REFUND_UNDER_WAY, { cardRefundId: started.id });
    const refundable = Math.min(
      toNgwee(order.price) - (await creditReturned(tx, schoolId, orderId)),
      payment.paidNgwee - payment.refundedNgwee,
    );
    if (ngwee > refundable) {
      throw conflict(OVER_REFUND, { refundable: fromNgwee(Math.max(0, refundable)) });
    }
    let created: { id: number };
    try {
      created = await tx.cardRefund.create({
        data: {
          schoolId,
          paymentAttemptId: payment.id,
          userId: order.userId,
          orderId,
          amount: fromNgwee(ngwee),
          adminId: actor.id,
        },
        select: { id: true },
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(CARD_REFUND_UNDER_WAY);
      throw error;
    }
    await audit(schoolId, tx, actor, {
      action: "refund.card.start",
      entity: "Order",
      entityId: orderId,
      details: { amount: fromNgwee(ngwee), cardRefundId: created.id },
    });
    return created.id;
  });
  return sendCardRefund(school, actor, id);
}

/** The credit given back at the order's cancel (its credit-paid part), in ngwee. */
async function creditReturned(tx: Tx, schoolId: number, orderId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ sum: string }[]>`
    SELECT COALESCE(SUM("amount"), 0)::numeric(14, 2)::text AS "sum" FROM "CreditEntry"
    WHERE "schoolId" = ${schoolId} AND "orderId" = ${orderId} AND "kind" = 'refund'
      AND "adminId" IS NULL`;
  return toNgwee(row?.sum ?? "0");
}

/** Sends a pending card refund again (refused, or no answer came). */
export async function retryCardRefund(
  school: SchoolContext,
  actor: SessionUser,
  id: number,
): Promise<CardRefundDto> {
  return sendCardRefund(school, actor, id);
}

/** Pending card refunds first (oldest first), then the 50 latest settled (refunded or by hand). */
export async function listCardRefunds(school: Pick<SchoolContext, "id">): Promise<CardRefundsDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const [pending, done] = await Promise.all([
    db.cardRefund.findMany({
      where: { schoolId, status: "pending" },
      select: cardRefundSelect,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: 200,
    }),
    db.cardRefund.findMany({
      where: { schoolId, status: { in: ["refunded", "paid_by_hand"] } },
      select: cardRefundSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 50,
    }),
  ]);
  return { data: [...pending, ...done].map(toCardRefundDto) };
}
