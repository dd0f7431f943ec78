import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import type { AccountCreditDto } from "@/lib/contracts/credit";
import { accountCredit, appendMovement, lockedBalance, signedNgwee } from "@/lib/credit/ledger";
import { getDb } from "@/lib/db";
import { fromNgwee } from "@/lib/money";
import type { CreditAdjustmentValues } from "@/lib/validations/credit";

// Account credit as its owner and the school's admins see it (issue 17).

export const PARENT_NOT_FOUND = "Parent not found";
export const CREDIT_BELOW_ZERO = "The account's credit cannot go below zero";

/** GET /api/account/credit: the caller's own balance and movements. */
export async function getOwnCredit(actor: SessionUser): Promise<AccountCreditDto> {
  return accountCredit(await getDb(), actor.id);
}

async function assertAccount(userId: number) {
  const db = await getDb();
  const user = await db.user.findFirst({
    where: { id: userId, role: { in: ["parent", "teacher"] }, deletedAt: null },
    select: { id: true },
  });
  if (!user) throw notFound(PARENT_NOT_FOUND);
}

/** GET /api/parents/{id}/credit (parents_students). */
export async function getAccountCredit(userId: number): Promise<AccountCreditDto> {
  await assertAccount(userId);
  return accountCredit(await getDb(), userId);
}

/**
 * POST /api/parents/{id}/credit: adds (or, negative, removes) credit with a reason, audited. A
 * removal takes the account's lock and never leaves it below zero (409).
 */
export async function adjustCredit(
  actor: SessionUser,
  userId: number,
  input: CreditAdjustmentValues,
): Promise<AccountCreditDto> {
  await assertAccount(userId);
  const db = await getDb();
  const ngwee = signedNgwee(input.amount);
  return db.$transaction(async (tx) => {
    const before = await lockedBalance(tx, userId);
    if (before + ngwee < 0) throw conflict(CREDIT_BELOW_ZERO, { balance: fromNgwee(before) });
    const entryId = await appendMovement(tx, {
      userId,
      ngwee,
      kind: "adjustment",
      adminId: actor.id,
      reason: input.reason,
    });
    await audit(tx, actor, {
      action: "credit.adjust",
      entity: "User",
      entityId: userId,
      before: { balance: fromNgwee(before) },
      after: { balance: fromNgwee(before + ngwee) },
      details: { amount: fromNgwee(ngwee), reason: input.reason, creditEntryId: entryId },
    });
    return accountCredit(tx, userId);
  });
}
