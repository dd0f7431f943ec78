import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import {
  CARD_REFUND_BUSY,
  CARD_REFUND_NOT_FOUND,
  DPO_REFUNDED_AFTER_BY_HAND,
  NO_ANSWER_FROM_DPO,
  type CardRefundDto,
  type CardRefundStatus,
} from "@/lib/contracts/card-refunds";
import { DPO_REFUND_METHOD } from "@/lib/contracts/refunds";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { enqueueEmail } from "@/lib/mail/outbox";
import { kickOutbox } from "@/lib/messaging/outbox";
import { formatZmw } from "@/lib/money";
import { log } from "@/lib/observability/log";
import { refundToken, type RefundTokenResult } from "@/lib/payments/dpo-client";
import { providerFor } from "@/lib/payments/provider-config";
import { idKey } from "@/lib/schools/keys";

// Sending a card refund to DPO (issue 49, decision 0115). The refund's row is written pending
// before DPO is called (by whoever started it), so a lost answer never loses the attempt. A call
// first claims the row for the call's time-out (two clicks or two clerks send one request), then
// the answer is recorded: 000 makes it refunded once (a conditional update on pending); a refusal
// keeps it pending with DPO's reason; no answer keeps it pending with NO_ANSWER_FROM_DPO.

const DEFAULT_TIMEOUT_MS = 15_000;
/** Past the call's own time-out, so a claim outlives the call it covers. */
const CLAIM_MARGIN_MS = 5_000;

export const cardRefundSelect = {
  id: true,
  orderId: true,
  amount: true,
  status: true,
  calls: true,
  answers: true,
  resultCode: true,
  explanation: true,
  answeredAt: true,
  refundedAt: true,
  paidByHandAt: true,
  createdAt: true,
  user: { select: { id: true, name: true } },
} as const satisfies Prisma.CardRefundSelect;

type CardRefundRow = Prisma.CardRefundGetPayload<{ select: typeof cardRefundSelect }>;

export function toCardRefundDto(row: CardRefundRow): CardRefundDto {
  return {
    id: row.id,
    orderId: row.orderId,
    family: row.user,
    amount: row.amount.toFixed(2),
    status: row.status as CardRefundStatus,
    calls: row.calls,
    unansweredCalls: Math.max(0, row.calls - row.answers),
    resultCode: row.resultCode,
    explanation: row.explanation,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    paidByHandAt: row.paidByHandAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Calls DPO's refundToken for a pending card refund and records its answer. 409 while another
 * call for it is out or once it is refunded; whatever DPO answers, the refund as it now stands.
 */
export async function sendCardRefund(
  school: SchoolContext,
  actor: SessionUser,
  id: number,
): Promise<CardRefundDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const provider = await providerFor(school);
  const timeoutMs = provider.client.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = new Date();
  const { count } = await db.cardRefund.updateMany({
    where: {
      schoolId,
      id,
      status: "pending",
      OR: [{ callingUntil: null }, { callingUntil: { lt: now } }],
    },
    // Until DPO's answer is recorded the row says it may or may not have gone through: if the
    // answer is lost (the instance stops, the database cannot take it), the office reads that,
    // and not the last attempt's refusal, before it retries.
    data: {
      callingUntil: new Date(now.getTime() + timeoutMs + CLAIM_MARGIN_MS),
      calls: { increment: 1 },
      resultCode: null,
      explanation: NO_ANSWER_FROM_DPO,
    },
  });
  const row = await db.cardRefund.findUnique({
    where: idKey(schoolId, id),
    select: { amount: true, orderId: true, paymentAttempt: { select: { transactionId: true } } },
  });
  if (!row) throw notFound(CARD_REFUND_NOT_FOUND);
  if (count === 0) throw conflict(CARD_REFUND_BUSY);
  const answer = await refundToken(provider.client, {
    token: row.paymentAttempt.transactionId ?? "",
    amount: row.amount.toFixed(2),
    details:
      row.orderId === null
        ? `Refund ${id}: leaving the school`
        : `Refund ${id}: order ${row.orderId}`,
  });
  if (!answer.ok && answer.kind !== "refused") {
    log.warn({ schoolId, refundId: id, error: answer.error }, "card refund: no answer from DPO");
  }
  const saved = await db.$transaction((tx) => recordAnswer(tx, schoolId, actor, id, answer));
  kickOutbox(schoolId);
  return saved;
}

async function recordAnswer(
  tx: Tx,
  schoolId: number,
  actor: SessionUser,
  id: number,
  answer: RefundTokenResult,
): Promise<CardRefundDto> {
  const answered = answer.ok || answer.kind === "refused";
  const now = new Date();
  const { count } = await tx.cardRefund.updateMany({
    where: { schoolId, id, status: "pending" },
    data: {
      callingUntil: null,
      resultCode: answered ? answer.result : null,
      explanation: answered ? answer.explanation || null : NO_ANSWER_FROM_DPO,
      answeredAt: answered ? now : null,
      ...(answered && { answers: { increment: 1 } }),
      ...(answer.ok && { status: "refunded", refundedAt: now }),
    },
  });
  if (answer.ok && count === 0) await refundedAfterSettled(tx, schoolId, actor, id, answer);
  const row = await tx.cardRefund.findUniqueOrThrow({
    where: idKey(schoolId, id),
    select: {
      ...cardRefundSelect,
      user: { select: { id: true, name: true, email: true } },
      order: { select: { id: true, status: true } },
    },
  });
  await audit(schoolId, tx, actor, {
    action: answer.ok
      ? "refund.card.refunded"
      : answered
        ? "refund.card.refused"
        : "refund.card.unanswered",
    entity: "CardRefund",
    entityId: id,
    details: {
      amount: row.amount.toFixed(2),
      resultCode: row.resultCode,
      explanation: row.explanation,
    },
  });
  if (answer.ok && count === 1) await onRefunded(tx, schoolId, actor, row);
  return toCardRefundDto(row);
}

/**
 * DPO answered 000 for a refund that is no longer pending: the office paid it by hand meanwhile
 * (its call had outlived its claim: a stalled instance). The family has been paid twice: DPO's
 * answer is kept on the row, which the office sees, and logged and audited, never dropped.
 */
async function refundedAfterSettled(
  tx: Tx,
  schoolId: number,
  actor: SessionUser,
  id: number,
  answer: Extract<RefundTokenResult, { ok: true }>,
) {
  const late = await tx.cardRefund.updateMany({
    where: { schoolId, id, status: "paid_by_hand" },
    data: {
      resultCode: answer.result,
      explanation: DPO_REFUNDED_AFTER_BY_HAND,
      answeredAt: new Date(),
      answers: { increment: 1 },
    },
  });
  if (late.count === 0) return;
  log.error({ schoolId, refundId: id }, "card refund: DPO refunded one already paid by hand");
  await audit(schoolId, tx, actor, {
    action: "refund.card.refunded-twice",
    entity: "CardRefund",
    entityId: id,
    details: { resultCode: answer.result, explanation: answer.explanation },
  });
}

/** DPO refunded: an order's refund becomes its record; the family is told by e-mail. */
async function onRefunded(
  tx: Tx,
  schoolId: number,
  actor: SessionUser,
  row: CardRefundRow & {
    user: { id: number; name: string; email: string | null };
    order: { id: number; status: string } | null;
  },
) {
  const amount = row.amount.toFixed(2);
  if (row.order) {
    // The order was locked cancelled when its refund started, and the office cannot record it
    // refunded by hand while this is pending (completeRefund), so this changes one row.
    await tx.order.updateMany({
      where: { schoolId, id: row.order.id, status: "cancelled" },
      data: { status: "refunded", version: { increment: 1 } },
    });
    await tx.orderRefund.create({
      data: {
        schoolId,
        orderId: row.order.id,
        method: DPO_REFUND_METHOD,
        reference: `DPO ${row.resultCode ?? ""}`.trim(),
        note: row.explanation,
        adminId: actor.id,
      },
    });
  }
  if (!row.user.email) return;
  await enqueueEmail(
    {
      userId: row.user.id,
      to: row.user.email,
      subject: `Refund to your card: ${formatZmw(amount)}`,
      text:
        `Hello ${row.user.name},\n\nThe school has refunded ${formatZmw(amount)} to the card you ` +
        `paid with${row.order ? ` (order ${row.order.id})` : ", as you leave the school"}. ` +
        `Your bank may take a few days to show it.\n`,
    },
    tx,
  );
}
