import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import { OPERATORS, type MobileOperator } from "@/lib/contracts/mobile-money";
import { pageMetadata } from "@/lib/contracts/paging";
import type { SchoolContext } from "@/lib/contracts/schools";
import {
  DELETED_ACCOUNT_PAY_ONLY,
  WITHDRAWAL_ALREADY_DECIDED,
  WITHDRAWAL_NOT_FOUND,
  WITHDRAWALS_PAGE_SIZE,
  type AdminWithdrawalDto,
  type WithdrawalsPageDto,
} from "@/lib/contracts/withdrawals";
import { appendMovement, balanceOf, lockedBalance } from "@/lib/credit/ledger";
import { schoolDb, type Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { enqueueEmail } from "@/lib/mail/outbox";
import { kickOutbox } from "@/lib/messaging/outbox";
import { fromNgwee, toNgwee } from "@/lib/money";
import { idKey } from "@/lib/schools/keys";
import { parseMobileNumber } from "@/lib/validations/mobile-number";
import type { DeclineInput, PayoutInput, WithdrawalsQuery } from "@/lib/validations/withdrawals";
import { withdrawalPaidEmail, withdrawalDeclinedEmail } from "@/lib/wallet/withdrawal-emails";
import { toWithdrawalDto, withdrawalSelect } from "@/lib/wallet/withdraw";

// Refund Management's withdrawals (issue 47, decision 0103): the office lists the families'
// requests, pays one out (how, and the reference of the transfer), or declines it with a reason,
// which gives the held credit back. Each decision is made exactly once: it is one conditional
// update on status pending, so of two clerks deciding at once one wins and the other gets 409.
// Audited, and the family is told through the outbox.

const adminSelect = {
  ...withdrawalSelect,
  userId: true,
  user: { select: { name: true, deletedAt: true } },
  decidedBy: { select: { name: true } },
} as const satisfies Prisma.WithdrawalSelect;

type AdminRow = Prisma.WithdrawalGetPayload<{ select: typeof adminSelect }>;

function operatorLabel(national: string | null): string | null {
  if (!national) return null;
  const parsed = parseMobileNumber(national);
  return parsed.ok ? OPERATORS[parsed.number.operator satisfies MobileOperator].label : null;
}

function toAdminDto(row: AdminRow): AdminWithdrawalDto {
  return {
    ...toWithdrawalDto(row),
    userId: row.userId,
    accountName: row.user.name,
    // The office pays this number: the whole of it.
    mobileNumber: row.mobileNumber,
    operatorLabel: operatorLabel(row.mobileNumber),
    accountDeleted: row.user.deletedAt !== null,
    decidedByName: row.decidedBy?.name ?? null,
  };
}

/** GET /api/refunds/withdrawals?status=&page=: pending first, then the newest. */
export async function listWithdrawals(
  school: Pick<SchoolContext, "id">,
  query: WithdrawalsQuery,
): Promise<WithdrawalsPageDto> {
  const db = await schoolDb(school.id);
  const where: Prisma.WithdrawalWhereInput = {
    schoolId: school.id,
    ...(query.status === "all" ? {} : { status: query.status }),
  };
  // One after the other: the scoped client's queries share nothing, but a page is small.
  const total = await db.withdrawal.count({ where });
  const rows = await db.withdrawal.findMany({
    where,
    select: adminSelect,
    // "pending" > "paid" > "declined": the requests still to decide come first.
    orderBy: [{ status: "desc" }, { createdAt: "desc" }, { id: "desc" }],
    skip: (query.page - 1) * WITHDRAWALS_PAGE_SIZE,
    take: WITHDRAWALS_PAGE_SIZE,
  });
  return {
    data: rows.map(toAdminDto),
    metadata: pageMetadata(total, query.page, WITHDRAWALS_PAGE_SIZE),
  };
}

type Claimed = { row: AdminRow; accountDeleted: boolean };

/**
 * The request of this school (404 otherwise), its account locked (so an erasure or a spend of the
 * same account waits), and whether that account was erased.
 */
async function lockRequest(tx: Tx, schoolId: number, id: number): Promise<Claimed> {
  const row = await tx.withdrawal.findUnique({ where: idKey(schoolId, id), select: adminSelect });
  if (!row) throw notFound(WITHDRAWAL_NOT_FOUND);
  await lockedBalance(tx, schoolId, row.userId);
  const user = await tx.user.findUniqueOrThrow({
    where: idKey(schoolId, row.userId),
    select: { deletedAt: true },
  });
  return { row, accountDeleted: user.deletedAt !== null };
}

/** The conditional update that makes the decision once; 409 when it was already made. */
async function decide(
  tx: Tx,
  schoolId: number,
  id: number,
  data: Prisma.WithdrawalUncheckedUpdateManyInput,
): Promise<void> {
  const { count } = await tx.withdrawal.updateMany({
    where: { schoolId, id, status: "pending" },
    data,
  });
  if (count === 0) throw conflict(WITHDRAWAL_ALREADY_DECIDED);
}

async function readBack(tx: Tx, schoolId: number, id: number): Promise<AdminWithdrawalDto> {
  const row = await tx.withdrawal.findUniqueOrThrow({
    where: idKey(schoolId, id),
    select: adminSelect,
  });
  return toAdminDto(row);
}

async function accountOf(tx: Tx, schoolId: number, userId: number) {
  return tx.user.findUniqueOrThrow({
    where: idKey(schoolId, userId),
    select: { id: true, name: true, email: true },
  });
}

/**
 * POST /api/refunds/withdrawals/{id}/pay: the money went out (method, reference). The credit was
 * already held by the request: the ledger does not move. An erased account's number goes with it.
 */
export async function payWithdrawal(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  id: number,
  input: PayoutInput,
): Promise<AdminWithdrawalDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const answer = await db.$transaction(async (tx) => {
    const { row, accountDeleted } = await lockRequest(tx, schoolId, id);
    const decidedAt = new Date();
    await decide(tx, schoolId, id, {
      status: "paid",
      method: input.method,
      reference: input.reference,
      decidedById: actor.id,
      decidedAt,
      // Kept only to be paid (decision 0103): once paid, an erased family's number is erased too.
      ...(accountDeleted ? { mobileNumber: null } : {}),
    });
    const amount = row.amount.toFixed(2);
    await audit(schoolId, tx, actor, {
      action: "withdrawal.pay",
      entity: "Withdrawal",
      entityId: id,
      before: { status: "pending" },
      after: { status: "paid" },
      details: { userId: row.userId, amount, method: input.method, reference: input.reference },
    });
    const email = withdrawalPaidEmail(await accountOf(tx, schoolId, row.userId), {
      amount,
      mobileNumber: row.mobileNumber,
      method: input.method,
      reference: input.reference,
    });
    if (email) await enqueueEmail(email, tx);
    return readBack(tx, schoolId, id);
  });
  kickOutbox(schoolId);
  return answer;
}

/**
 * POST /api/refunds/withdrawals/{id}/decline: not paid, with a reason the family reads; the held
 * credit comes back (one `withdrawal` movement of +amount, in the decision's transaction, so once).
 * An erased account's request can only be paid: its credit would come back to nobody.
 */
export async function declineWithdrawal(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  id: number,
  input: DeclineInput,
): Promise<AdminWithdrawalDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const answer = await db.$transaction(async (tx) => {
    const { row, accountDeleted } = await lockRequest(tx, schoolId, id);
    if (row.status !== "pending") throw conflict(WITHDRAWAL_ALREADY_DECIDED);
    if (accountDeleted) throw conflict(DELETED_ACCOUNT_PAY_ONLY);
    await decide(tx, schoolId, id, {
      status: "declined",
      reason: input.reason,
      decidedById: actor.id,
      decidedAt: new Date(),
    });
    const ngwee = toNgwee(row.amount.toFixed(2));
    const entryId = await appendMovement(tx, {
      userId: row.userId,
      ngwee,
      kind: "withdrawal",
      adminId: actor.id,
      reason: `request #${id} declined: ${input.reason}`,
    });
    const balance = fromNgwee(await balanceOf(tx, schoolId, row.userId));
    await audit(schoolId, tx, actor, {
      action: "withdrawal.decline",
      entity: "Withdrawal",
      entityId: id,
      before: { status: "pending" },
      after: { status: "declined" },
      details: {
        userId: row.userId,
        amount: fromNgwee(ngwee),
        reason: input.reason,
        creditEntryId: entryId,
      },
    });
    const email = withdrawalDeclinedEmail(await accountOf(tx, schoolId, row.userId), {
      amount: fromNgwee(ngwee),
      reason: input.reason,
      balance,
    });
    if (email) await enqueueEmail(email, tx);
    return readBack(tx, schoolId, id);
  });
  kickOutbox(schoolId);
  return answer;
}
