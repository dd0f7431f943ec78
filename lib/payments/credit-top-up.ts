import "server-only";
import { appendMovement, balanceOf } from "@/lib/credit/ledger";
import { OPERATORS, PAYMENT_METHODS, paymentInfoOf } from "@/lib/contracts/mobile-money";
import type { TopUpReceiptDto } from "@/lib/contracts/wallet";
import type { Tx } from "@/lib/db";
import type { SchoolContext } from "@/lib/contracts/schools";
import { offeredChannels } from "@/lib/messaging/config";
import { notify } from "@/lib/messaging/notify";
import { deliveryChannels, type RecipientPrefs } from "@/lib/messaging/preferences";
import { topUpConfirmedTexts } from "@/lib/messaging/templates/payments";
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
  user: RecipientPrefs & { name: string };
};

/**
 * Inside fulfil's transaction, once its claim succeeded (so once per attempt): the amount paid
 * becomes credit, and the parent is told on the channels they chose for payments (issue 48;
 * `immediate` when it confirms what they just did). The balance is read only when a message goes.
 */
export async function creditTopUp(
  tx: Tx,
  school: Pick<SchoolContext, "id" | "timeZone" | "name">,
  attempt: PaidTopUp,
  options: { immediate: boolean },
): Promise<void> {
  const schoolId = school.id;
  const amount = attempt.paymentAmount.toFixed(2);
  const method = paymentInfoOf(attempt);
  const mobile = method?.method === PAYMENT_METHODS.mobile && method.operator ? method : null;
  const by = mobile
    ? `${OPERATORS[mobile.operator!].label} ${mobile.maskedNumber ?? ""}`.trim()
    : "card";
  await appendMovement(tx, {
    userId: attempt.userId,
    ngwee: toNgwee(amount),
    kind: "topup",
    paymentAttemptId: attempt.id,
    reason: by,
  });
  const offered = await offeredChannels(school, tx);
  if (deliveryChannels(attempt.user, "payments", offered).length === 0) return;
  const balance = await balanceOf(tx, schoolId, attempt.userId);
  await notify(
    tx,
    school,
    {
      userId: attempt.userId,
      kind: "payments",
      immediate: options.immediate,
      ...(attempt.user.email && {
        email: {
          to: attempt.user.email,
          subject: `Top-up received: ${formatNgwee(toNgwee(amount))}`,
          text:
            `Hello ${attempt.user.name},\n\nThank you. ${formatNgwee(toNgwee(amount))} paid by ${by} ` +
            `is now in your canteen wallet.\n\nYour balance: ${formatNgwee(balance)}\n\n` +
            `It pays for your next orders automatically.\n`,
        },
      }),
      ...topUpConfirmedTexts({
        schoolName: school.name,
        amountNgwee: toNgwee(amount),
        paidBy: mobile ? OPERATORS[mobile.operator!].label : "card",
        balanceNgwee: balance,
      }),
    },
    { prefs: attempt.user, offered },
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
