import "server-only";
import type { Email } from "@/lib/mail/outbox";
import { formatZmw } from "@/lib/money";
import { maskNational } from "@/lib/validations/mobile-number";

// The family's messages about its withdrawal (issue 47): paid out, or declined with the credit
// back. Each names its account (decision 0068), so an erasure erases it too. An erased account has
// no address: no message.

type Account = { id: number; name: string; email: string | null };

export function withdrawalPaidEmail(
  account: Account,
  paid: { amount: string; mobileNumber: string | null; method: string; reference: string | null },
): Email | null {
  if (!account.email) return null;
  const to = paid.mobileNumber ? ` to ${maskNational(paid.mobileNumber)}` : "";
  const how = [paid.method, paid.reference && `reference ${paid.reference}`].filter(Boolean);
  return {
    userId: account.id,
    to: account.email,
    subject: `Withdrawal paid: ${formatZmw(paid.amount)}`,
    text:
      `Hello ${account.name},\n\nThe school office has paid out ${formatZmw(paid.amount)} from ` +
      `your wallet${to} (${how.join(", ")}). No fee was taken.\n`,
  };
}

export function withdrawalDeclinedEmail(
  account: Account,
  declined: { amount: string; reason: string; balance: string },
): Email | null {
  if (!account.email) return null;
  return {
    userId: account.id,
    to: account.email,
    subject: `Withdrawal declined: ${formatZmw(declined.amount)}`,
    text:
      `Hello ${account.name},\n\nThe school office declined your withdrawal of ` +
      `${formatZmw(declined.amount)}:\n\n${declined.reason}\n\nThe money is back in your wallet. ` +
      `Your balance is now ${formatZmw(declined.balance)}.\n`,
  };
}
