import "server-only";
import { conflict, notFound, unprocessable } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import {
  CARD_REFUND_BUSY,
  CARD_REFUND_NOT_FOUND,
  CARD_REFUND_NOT_PENDING,
  CHECK_DPO_FIRST,
  NOT_BY_CREDIT_WHEN_LEAVING,
  PART_REFUND_NOT_BY_HAND,
  type CardRefundDto,
} from "@/lib/contracts/card-refunds";
import { refundMethodLabel } from "@/lib/contracts/refunds";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import { enqueueEmail } from "@/lib/mail/outbox";
import { kickOutbox } from "@/lib/messaging/outbox";
import { formatZmw, fromNgwee, toNgwee } from "@/lib/money";
import { completeRefundIn, officeAmount } from "@/lib/orders/refunds";
import { cardRefundSelect, toCardRefundDto } from "@/lib/payments/card-refund-send";
import { idKey } from "@/lib/schools/keys";
import type { CardRefundByHandValues } from "@/lib/validations/refunds";

// A card refund DPO will not make (it refuses it, or the card has expired) is paid back by hand
// instead (issue 49, decision 0115): the office gives up on DPO for it and records how the money
// went back, in one transaction.
// - An order's refund: the order is refunded by that method, exactly as Mark as Refunded records
//   it (a refund to credit puts the money in the wallet).
// - A family leaving: its credit already left the wallet when the refund started; the office's
//   payment is a wallet payout (paid at once), as the leaving's own part by hand is.
// Never while a call to DPO is out (it may be refunding right now), and after a call DPO never
// answered only once the office confirms it checked DPO's portal: paying by hand a refund DPO
// made would pay the family twice.

/** The row, locked, with what deciding needs. */
type Locked = {
  status: string;
  callingUntil: Date | null;
  calls: number;
  answers: number;
  resultCode: string | null;
  orderId: number | null;
  userId: number;
  amount: string;
};

async function lockRefund(tx: Tx, schoolId: number, id: number): Promise<Locked> {
  const [row] = await tx.$queryRaw<Locked[]>`
    SELECT "status", "callingUntil", "calls", "answers", "resultCode", "orderId", "userId",
      "amount"::text AS "amount"
    FROM "CardRefund" WHERE "schoolId" = ${schoolId} AND "id" = ${id} FOR UPDATE`;
  if (!row) throw notFound(CARD_REFUND_NOT_FOUND);
  return row;
}

/**
 * Pays a pending card refund back by hand instead of through DPO. 409 once it is no longer
 * pending or while DPO is being called; 422 without `checkedDpo` after a call DPO never answered,
 * and for a leaving family's refund "by credit".
 */
export async function payCardRefundByHand(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  id: number,
  how: CardRefundByHandValues,
): Promise<CardRefundDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const answer = await db.$transaction(async (tx) => {
    const row = await lockRefund(tx, schoolId, id);
    if (row.status !== "pending") throw conflict(CARD_REFUND_NOT_PENDING, { status: row.status });
    const now = new Date();
    if (row.callingUntil && row.callingUntil > now) throw conflict(CARD_REFUND_BUSY);
    // Any call DPO never answered, not only the last: a refusal after it may be DPO's "already
    // refunded".
    if (row.calls > row.answers && !how.checkedDpo) {
      throw unprocessable(CHECK_DPO_FIRST, { field: "checkedDpo" });
    }
    if (row.orderId === null && how.method === "credit") {
      throw unprocessable(NOT_BY_CREDIT_WHEN_LEAVING, { field: "method" });
    }
    await tx.cardRefund.updateMany({
      where: { schoolId, id, status: "pending" },
      data: { status: "paid_by_hand", paidByHandAt: now, callingUntil: null },
    });
    if (row.orderId !== null) {
      // The order's refund by hand is what the order is owed (its record has no amount of its own):
      // a DPO refund of part of it is only retried.
      const owed = await owedFor(tx, schoolId, row.orderId);
      if (owed !== toNgwee(row.amount)) {
        throw unprocessable(PART_REFUND_NOT_BY_HAND, { amount: row.amount, owed: fromNgwee(owed) });
      }
      await completeRefundIn(tx, schoolId, actor, row.orderId, how);
    } else {
      await payLeavingPartByHand(tx, schoolId, actor, row, how, now);
    }
    await audit(schoolId, tx, actor, {
      action: "refund.card.by-hand",
      entity: "CardRefund",
      entityId: id,
      before: { status: "pending" },
      after: { status: "paid_by_hand" },
      details: {
        amount: row.amount,
        orderId: row.orderId,
        method: how.method,
        reference: how.reference,
        note: how.note,
        lastResultCode: row.resultCode,
        checkedDpo: how.checkedDpo === true,
      },
    });
    const saved = await tx.cardRefund.findUniqueOrThrow({
      where: idKey(schoolId, id),
      select: cardRefundSelect,
    });
    return toCardRefundDto(saved);
  });
  kickOutbox(schoolId);
  return answer;
}

/** What the office refunds for the order (its price less the credit given back at the cancel). */
async function owedFor(tx: Tx, schoolId: number, orderId: number): Promise<number> {
  const order = await tx.order.findUniqueOrThrow({
    where: idKey(schoolId, orderId),
    select: {
      discountedPrice: true,
      creditEntries: { where: { kind: "refund", adminId: null }, select: { amount: true } },
    },
  });
  return toNgwee(officeAmount(order));
}

/** A leaving family's card part, paid by the office instead: a paid wallet payout, and a mail. */
async function payLeavingPartByHand(
  tx: Tx,
  schoolId: number,
  actor: SessionUser,
  row: Locked,
  how: CardRefundByHandValues,
  now: Date,
) {
  const label = refundMethodLabel(how.method);
  await tx.withdrawal.create({
    data: {
      schoolId,
      userId: row.userId,
      amount: row.amount,
      status: "paid",
      method: label,
      reference: how.reference,
      decidedById: actor.id,
      decidedAt: now,
    },
    select: { id: true },
  });
  const family = await tx.user.findUnique({
    where: idKey(schoolId, row.userId),
    select: { name: true, email: true, deletedAt: true },
  });
  if (!family?.email || family.deletedAt) return;
  const paidBy = [label, how.reference].filter(Boolean).join(", ");
  await enqueueEmail(
    {
      userId: row.userId,
      to: family.email,
      subject: `Your canteen credit is refunded: ${formatZmw(row.amount)}`,
      text:
        `Hello ${family.name},\n\nThe ${formatZmw(row.amount)} of your canteen credit that we ` +
        `asked DPO to send back to your card could not go back that way. The office has paid ` +
        `it back by ${paidBy} instead.\n`,
    },
    tx,
  );
}
