import "server-only";
import { appendMovement, balanceOf } from "@/lib/credit/ledger";
import { OPERATORS, PAYMENT_METHODS, paymentInfoOf } from "@/lib/contracts/mobile-money";
import type { TopUpReceiptDto } from "@/lib/contracts/wallet";
import type { Tx } from "@/lib/db";
import { enqueueEmail } from "@/lib/mail/outbox";
import { formatNgwee, fromNgwee, toNgwee } from "@/lib/money";

// A paid top-up's credit (issue 47), written by fulfil under its once-only claim, and the return
// page's answer for it.

/** What crediting a paid top-up reads of its attempt. */
export type PaidTopUp = {
  id: number;
  userId: number;
  paymentAmount: { toFixed(digits: number): string };
  paymentMethod: string;
  mobileOperator: string | null;
  mobileNumber: string | null;
  user: { name: string; email: string | null };
};

/**
 * Inside fulfil's transaction, once its claim succeeded (so once per attempt): the amount paid
 * becomes credit, and the parent is e-mailed.
 */
export async function creditTopUp(tx: Tx, schoolId: number, attempt: PaidTopUp): Promise<void> {
  const amount = attempt.paymentAmount.toFixed(2);
  const method = paymentInfoOf(attempt);
  const by =
    method?.method === PAYMENT_METHODS.mobile && method.operator
      ? `${OPERATORS[method.operator].label} ${method.maskedNumber ?? ""}`.trim()
      : "card";
  await appendMovement(tx, {
    userId: attempt.userId,
    ngwee: toNgwee(amount),
    kind: "topup",
    paymentAttemptId: attempt.id,
    reason: by,
  });
  if (!attempt.user.email) return;
  const balance = await balanceOf(tx, schoolId, attempt.userId);
  await enqueueEmail(
    {
      userId: attempt.userId,
      to: attempt.user.email,
      subject: `Top-up received: ${formatNgwee(toNgwee(amount))}`,
      text:
        `Hello ${attempt.user.name},\n\nThank you. ${formatNgwee(toNgwee(amount))} paid by ${by} ` +
        `is now in your canteen wallet.\n\nYour balance: ${formatNgwee(balance)}\n\n` +
        `It pays for your next orders automatically.\n`,
    },
    tx,
  );
}

/** The return page's answer for a paid top-up: the amount and the wallet after it. */
export async function topUpReceipt(
  tx: Tx,
  schoolId: number,
  userId: number,
  attempt: { transactionRef: string; paymentAmount: string },
): Promise<TopUpReceiptDto> {
  return {
    reference: attempt.transactionRef,
    amount: attempt.paymentAmount,
    balance: fromNgwee(await balanceOf(tx, schoolId, userId)),
  };
}
