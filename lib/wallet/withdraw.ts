import "server-only";
import { conflict } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { SchoolContext } from "@/lib/contracts/schools";
import {
  NOT_ENOUGH_TO_WITHDRAW,
  type WithdrawalDto,
  type WithdrawalStatus,
  type WithdrawAnswer,
} from "@/lib/contracts/withdrawals";
import { appendMovement, lockedBalance } from "@/lib/credit/ledger";
import { schoolDb, type Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { fromNgwee } from "@/lib/money";
import { assertOpenForOrdering } from "@/lib/orders/open-for-ordering";
import { maskNational } from "@/lib/validations/mobile-number";
import type { WithdrawInput } from "@/lib/validations/withdrawals";

// The wallet's withdrawal (issue 47, decision 0103): the family asks the school to pay its credit
// out. The request holds the credit at once, in the transaction that writes it, under the
// account's lock like every path that takes credit (lib/credit/ledger.ts): one `withdrawal`
// movement of -amount, so the balance never goes below zero and the held money cannot be spent at
// the counter or a checkout meanwhile. The office then pays it out or declines it
// (withdrawal-decisions.ts). No fee: what is asked is what is paid.

export const withdrawalSelect = {
  id: true,
  amount: true,
  mobileNumber: true,
  status: true,
  method: true,
  reference: true,
  reason: true,
  createdAt: true,
  decidedAt: true,
} as const satisfies Prisma.WithdrawalSelect;

type WithdrawalRow = Prisma.WithdrawalGetPayload<{ select: typeof withdrawalSelect }>;

/** The family's view: its own number masked. */
export function toWithdrawalDto(row: WithdrawalRow): WithdrawalDto {
  return {
    id: row.id,
    amount: row.amount.toFixed(2),
    mobileNumber: row.mobileNumber && maskNational(row.mobileNumber),
    status: row.status as WithdrawalStatus,
    method: row.method,
    reference: row.reference,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/account/withdraw → 201 `{ withdrawal, balance }`. Refused with nothing written: a
 * suspended school (403), more than the wallet holds (409 with the balance).
 */
export async function requestWithdrawal(
  school: SchoolContext,
  actor: SessionUser,
  input: WithdrawInput,
): Promise<WithdrawAnswer> {
  // A suspended school moves no money (issue 45), as the top-up refuses.
  assertOpenForOrdering(school);
  const db = await schoolDb(school.id);
  return db.$transaction((tx) => holdWithdrawal(tx, school.id, actor.id, input));
}

/** Writes the request and its hold under the account's lock, in the caller's transaction. */
export async function holdWithdrawal(
  tx: Tx,
  schoolId: number,
  userId: number,
  input: WithdrawInput,
): Promise<WithdrawAnswer> {
  const balance = await lockedBalance(tx, schoolId, userId);
  if (input.amount > balance) {
    throw conflict(NOT_ENOUGH_TO_WITHDRAW, { balance: fromNgwee(balance) });
  }
  const row = await tx.withdrawal.create({
    data: {
      schoolId,
      userId,
      amount: fromNgwee(input.amount),
      mobileNumber: input.mobileNumber,
      status: "pending",
    },
    select: withdrawalSelect,
  });
  await appendMovement(tx, {
    userId,
    ngwee: -input.amount,
    kind: "withdrawal",
    reason: `request #${row.id} to ${maskNational(input.mobileNumber)}`,
  });
  return { withdrawal: toWithdrawalDto(row), balance: fromNgwee(balance - input.amount) };
}

/** GET /api/account/withdrawals: the caller's requests, newest first. */
export async function listOwnWithdrawals(
  school: SchoolContext,
  actor: SessionUser,
): Promise<WithdrawalDto[]> {
  const db = await schoolDb(school.id);
  const rows = await db.withdrawal.findMany({
    where: { schoolId: school.id, userId: actor.id },
    select: withdrawalSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 100,
  });
  return rows.map(toWithdrawalDto);
}
