import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import type { AccountCreditDto } from "@/lib/contracts/credit";
import { accountCredit, appendMovement, lockedBalance, signedNgwee } from "@/lib/credit/ledger";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { fromNgwee } from "@/lib/money";
import type { CreditAdjustmentValues } from "@/lib/validations/credit";

// Account credit as its owner and the school's admins see it (issue 17).

export const PARENT_NOT_FOUND = "Parent not found";
export const CREDIT_BELOW_ZERO = "The account's credit cannot go below zero";

/** GET /api/account/credit: the caller's own balance and movements. */
export async function getOwnCredit(
  school: SchoolContext,
  actor: SessionUser,
): Promise<AccountCreditDto> {
  return accountCredit(await schoolDb(school.id), school.id, actor.id);
}

/** The school's own parent or teacher account: another school's id is as unknown as none. */
async function assertAccount(schoolId: number, userId: number) {
  const db = await schoolDb(schoolId);
  const user = await db.user.findFirst({
    where: { schoolId, id: userId, role: { in: ["parent", "teacher"] }, deletedAt: null },
    select: { id: true },
  });
  if (!user) throw notFound(PARENT_NOT_FOUND);
}

/** GET /api/parents/{id}/credit (parents_students). */
export async function getAccountCredit(
  school: SchoolContext,
  userId: number,
): Promise<AccountCreditDto> {
  await assertAccount(school.id, userId);
  return accountCredit(await schoolDb(school.id), school.id, userId);
}

/**
 * POST /api/parents/{id}/credit: adds (or, negative, removes) credit with a reason, audited. A
 * removal takes the account's lock and never leaves it below zero (409).
 */
export async function adjustCredit(
  school: SchoolContext,
  actor: SessionUser,
  userId: number,
  input: CreditAdjustmentValues,
): Promise<AccountCreditDto> {
  await assertAccount(school.id, userId);
  const db = await schoolDb(school.id);
  const ngwee = signedNgwee(input.amount);
  return db.$transaction(async (tx) => {
    const before = await lockedBalance(tx, school.id, userId);
    if (before + ngwee < 0) throw conflict(CREDIT_BELOW_ZERO, { balance: fromNgwee(before) });
    const entryId = await appendMovement(tx, {
      userId,
      ngwee,
      kind: "adjustment",
      adminId: actor.id,
      reason: input.reason,
    });
    await audit(school, tx, actor, {
      action: "credit.adjust",
      entity: "User",
      entityId: userId,
      before: { balance: fromNgwee(before) },
      after: { balance: fromNgwee(before + ngwee) },
      details: { amount: fromNgwee(ngwee), reason: input.reason, creditEntryId: entryId },
    });
    return accountCredit(tx, school.id, userId);
  });
}
