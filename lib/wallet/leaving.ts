import "server-only";
import { conflict, notFound, unprocessable } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import {
  FAMILY_NOT_FOUND,
  NO_CREDIT_TO_GIVE_BACK,
  type LeavingAnswer,
  type LeavingFamiliesDto,
} from "@/lib/contracts/card-refunds";
import { refundMethodLabel } from "@/lib/contracts/refunds";
import type { SchoolContext } from "@/lib/contracts/schools";
import { appendMovement, lockedBalance } from "@/lib/credit/ledger";
import { schoolDb, type Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { enqueueEmail } from "@/lib/mail/outbox";
import { fromNgwee, formatNgwee, toNgwee } from "@/lib/money";
import { lockedCardPayment } from "@/lib/payments/card-refunds";
import { cardRefundSelect, sendCardRefund, toCardRefundDto } from "@/lib/payments/card-refund-send";
import { log } from "@/lib/observability/log";
import { idKey } from "@/lib/schools/keys";
import { LEAVING_METHOD_MESSAGE, type LeavingValues } from "@/lib/validations/refunds";

// A family leaving the school gets its whole credit back in one action (issue 49, decision
// 0115): the part that came from card payments goes back to those cards through DPO (newest
// payment first, never more than a payment has left), the rest is paid by the office by hand.
// The ledger takes the whole balance out in one transaction, under the account's lock, with the
// pending card refunds; DPO is called after the commit, as any card refund.

/** A card payment that put credit in the wallet: a card top-up, or card-paid orders credited. */
type CardSource = { attemptId: number; userId: number; sourcedNgwee: number; leftNgwee: number };

/** The wallet's card sources of `userIds`, newest payment first. */
function cardSources(tx: Tx, schoolId: number, userIds: number[]) {
  return tx.$queryRaw<
    { attemptId: number; userId: number; sourced: string; paid: string; refunded: string }[]
  >`SELECT pa."id" AS "attemptId", ce."userId", SUM(ce."amount")::numeric(14, 2)::text AS "sourced",
      pa."paymentAmount"::text AS "paid",
      COALESCE((SELECT SUM(cr."amount") FROM "CardRefund" cr WHERE cr."schoolId" = ${schoolId}
        AND cr."paymentAttemptId" = pa."id" AND cr."status" <> 'paid_by_hand'), 0)::numeric(14, 2)::text AS "refunded"
    FROM "CreditEntry" ce
    LEFT JOIN "Order" o ON o."schoolId" = ce."schoolId" AND o."id" = ce."orderId"
    JOIN "PaymentAttempt" pa ON pa."schoolId" = ce."schoolId"
      AND pa."id" = COALESCE(ce."paymentAttemptId", o."paymentAttemptId")
    WHERE ce."schoolId" = ${schoolId} AND ce."userId" IN (${Prisma.join(userIds)})
      AND ce."amount" > 0 AND ce."kind" IN ('topup', 'closure', 'refund')
      AND NOT (ce."kind" = 'refund' AND ce."adminId" IS NULL)
      AND pa."paymentMethod" = 'CARD' AND pa."transactionId" IS NOT NULL
      AND pa."transactionStatus" = 'verified'
    GROUP BY pa."schoolId", pa."id", ce."userId"
    ORDER BY pa."createdAt" DESC, pa."id" DESC`;
}

function toSource(row: Awaited<ReturnType<typeof cardSources>>[number]): CardSource {
  return {
    attemptId: row.attemptId,
    userId: row.userId,
    sourcedNgwee: toNgwee(row.sourced),
    leftNgwee: toNgwee(row.paid) - toNgwee(row.refunded),
  };
}

/** How `balance` goes back: card parts from the newest source, and the rest by hand. */
export function planLeaving(balance: number, sources: CardSource[]) {
  const parts: { attemptId: number; ngwee: number }[] = [];
  let rest = balance;
  for (const source of sources) {
    const ngwee = Math.min(rest, source.sourcedNgwee, source.leftNgwee);
    if (ngwee <= 0) continue;
    parts.push({ attemptId: source.attemptId, ngwee });
    rest -= ngwee;
  }
  return { parts, byHand: rest };
}

/** Families with credit (at most 200, by name), and how their credit would go back. */
export async function listLeavingFamilies(
  school: Pick<SchoolContext, "id">,
): Promise<LeavingFamiliesDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  return db.$transaction(async (tx) => {
    const families = await tx.$queryRaw<
      { id: number; name: string; email: string | null; balance: string }[]
    >`SELECT u."id", u."name", u."email", SUM(ce."amount")::numeric(14, 2)::text AS "balance"
      FROM "CreditEntry" ce JOIN "User" u ON u."schoolId" = ce."schoolId" AND u."id" = ce."userId"
      WHERE ce."schoolId" = ${schoolId} AND u."deletedAt" IS NULL AND u."role" <> 'admin'
      GROUP BY u."schoolId", u."id", u."name", u."email"
      HAVING SUM(ce."amount") > 0 ORDER BY u."name", u."id" LIMIT 200`;
    if (families.length === 0) return { data: [] };
    const sources = (
      await cardSources(
        tx,
        schoolId,
        families.map((f) => f.id),
      )
    ).map(toSource);
    return {
      data: families.map((family) => {
        const balance = toNgwee(family.balance);
        const plan = planLeaving(
          balance,
          sources.filter((s) => s.userId === family.id),
        );
        return {
          ...family,
          balance: fromNgwee(balance),
          byCard: fromNgwee(balance - plan.byHand),
          byHand: fromNgwee(plan.byHand),
        };
      }),
    };
  });
}

/**
 * Gives a leaving family its whole credit back: one transaction takes the balance out of the
 * wallet (`withdrawal` movements) and writes the pending card refunds; then DPO is called for
 * each. The part by hand needs the method it was paid by (422 without).
 */
export async function refundLeavingFamily(
  school: SchoolContext,
  actor: SessionUser,
  values: LeavingValues,
): Promise<LeavingAnswer> {
  const schoolId = school.id;
  const userId = values.familyId;
  const db = await schoolDb(schoolId);
  const planned = await db.$transaction(async (tx) => {
    const family = await tx.user.findUnique({
      where: idKey(schoolId, userId),
      select: { id: true, name: true, email: true, role: true, deletedAt: true },
    });
    if (!family || family.role === "admin") throw notFound(FAMILY_NOT_FOUND);
    const balance = await lockedBalance(tx, schoolId, userId);
    if (balance <= 0) throw conflict(NO_CREDIT_TO_GIVE_BACK);
    const first = await cardSources(tx, schoolId, [userId]);
    // Each payment locked (in id order, as every card refund locks it) before what is left on it
    // is read again.
    for (const id of first.map((s) => s.attemptId).sort((a, b) => a - b)) {
      await lockedCardPayment(tx, schoolId, id);
    }
    const plan = planLeaving(balance, (await cardSources(tx, schoolId, [userId])).map(toSource));
    if (plan.byHand > 0 && !values.method) {
      throw unprocessable(LEAVING_METHOD_MESSAGE, { byHand: fromNgwee(plan.byHand) });
    }
    const refundIds: number[] = [];
    for (const part of plan.parts) {
      const { id } = await tx.cardRefund.create({
        data: {
          schoolId,
          paymentAttemptId: part.attemptId,
          userId,
          amount: fromNgwee(part.ngwee),
          adminId: actor.id,
        },
        select: { id: true },
      });
      refundIds.push(id);
      await appendMovement(tx, {
        userId,
        ngwee: -part.ngwee,
        kind: "withdrawal",
        adminId: actor.id,
        reason: `Leaving the school: card refund ${id} through DPO`,
      });
    }
    const how = values.method
      ? [refundMethodLabel(values.method), values.reference].filter(Boolean).join(", ")
      : "";
    if (plan.byHand > 0) {
      await appendMovement(tx, {
        userId,
        ngwee: -plan.byHand,
        kind: "withdrawal",
        adminId: actor.id,
        reason: `Leaving the school: paid back by ${how}`,
      });
      // The office paid it out: a wallet payout like any other (Wallet payouts, and the takings'
      // "paid out"), decided at once; there is no request for the family to wait on.
      await tx.withdrawal.create({
        data: {
          schoolId,
          userId,
          amount: fromNgwee(plan.byHand),
          status: "paid",
          method: values.method ? refundMethodLabel(values.method) : null,
          reference: values.reference ?? null,
          decidedById: actor.id,
          decidedAt: new Date(),
        },
        select: { id: true },
      });
    }
    const byCard = balance - plan.byHand;
    await audit(schoolId, tx, actor, {
      action: "family.leave",
      entity: "User",
      entityId: userId,
      details: {
        balance: fromNgwee(balance),
        byCard: fromNgwee(byCard),
        byHand: fromNgwee(plan.byHand),
        cardRefundIds: refundIds,
        ...(plan.byHand > 0 && { method: values.method, reference: values.reference }),
        note: values.note,
      },
    });
    if (family.email && !family.deletedAt) {
      const lines = [
        byCard > 0 &&
          `${formatNgwee(byCard)} to go back to the card you paid with: we have asked DPO, ` +
            "and you will have a mail when it is done",
        plan.byHand > 0 && `${formatNgwee(plan.byHand)} paid back by ${how}`,
      ].filter(Boolean);
      await enqueueEmail(
        {
          userId,
          to: family.email,
          subject: `Your canteen credit is refunded: ${formatNgwee(balance)}`,
          text:
            `Hello ${family.name},\n\nAs you leave the school, the office has refunded your whole ` +
            `canteen credit of ${formatNgwee(balance)}:\n\n${lines.map((l) => `- ${l}`).join("\n")}\n`,
        },
        tx,
      );
    }
    return { balance, byHand: plan.byHand, refundIds };
  });
  // Each card part is asked of DPO on its own: one that fails (it stays pending, to retry from
  // Refund Management) never keeps the others from being asked.
  const cardRefunds = [];
  for (const id of planned.refundIds) {
    try {
      cardRefunds.push(await sendCardRefund(school, actor, id));
    } catch (error) {
      log.error({ err: error, schoolId, refundId: id }, "leaving: a card refund was not sent");
      const row = await db.cardRefund.findUniqueOrThrow({
        where: idKey(schoolId, id),
        select: cardRefundSelect,
      });
      cardRefunds.push(toCardRefundDto(row));
    }
  }
  return {
    familyId: userId,
    refunded: fromNgwee(planned.balance),
    byCard: fromNgwee(planned.balance - planned.byHand),
    byHand: fromNgwee(planned.byHand),
    cardRefunds,
  };
}
