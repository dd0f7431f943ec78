import "server-only";
import { conflict, unprocessable } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import { MOBILE_MONEY_OFF } from "@/lib/contracts/mobile-money";
import type { CreatePaymentAnswer } from "@/lib/contracts/payments";
import type { MobilePaymentAnswer } from "@/lib/contracts/mobile-money";
import type { SchoolContext } from "@/lib/contracts/schools";
import { TOP_UP_KEY_PREFIX, topUpLimitError } from "@/lib/contracts/wallet";
import { fromNgwee } from "@/lib/money";
import { assertOpenForOrdering } from "@/lib/orders/open-for-ordering";
import { payByMobile } from "@/lib/payments/create-mobile-payment";
import { payByCard } from "@/lib/payments/create-payment";
import type { Payable } from "@/lib/payments/open-attempt";
import { getMobileMoneySettings } from "@/lib/settings/settings";
import type { TopUpInput } from "@/lib/validations/wallet";
import { getWalletSettings } from "@/lib/wallet/settings";

// The family wallet's top-up (issue 47): a payment attempt like a cart's, with no lines, through
// the same one-open-attempt rule, provider calls, return pages and sweep. Once the provider says
// it was paid, the attempt's claim (fulfil's `fulfilledAt IS NULL`) credits the amount paid to the
// account exactly once, in the same transaction, as one `topup` movement. The parent pays no fee:
// the provider is asked for exactly the amount that is credited.

/** POST /api/account/top-up: answers like POST /api/payments/create (card, or a mobile push). */
export async function createTopUp(
  school: SchoolContext,
  actor: SessionUser,
  input: TopUpInput,
): Promise<CreatePaymentAnswer | MobilePaymentAnswer> {
  // A suspended school takes no money (issue 45), whatever it is for.
  assertOpenForOrdering(school);
  const limit = topUpLimitError(input.amount, await getWalletSettings(school));
  if (limit) throw unprocessable(limit, { details: { amount: limit } });
  const amount = fromNgwee(input.amount);
  const payable: Payable = {
    lines: [],
    total: amount,
    amountDue: amount,
    dueNgwee: input.amount,
    creditNgwee: 0,
    // The same amount again reuses the open top-up, as the same cart reuses its payment.
    cartKey: `${TOP_UP_KEY_PREFIX}${amount}`,
    topUp: true,
  };
  if (input.paymentMethod === "MOBILE") {
    const settings = await getMobileMoneySettings(school);
    if (!settings.enabled) throw conflict(MOBILE_MONEY_OFF);
    return payByMobile(school, actor, payable, input, settings);
  }
  return payByCard(school, actor, payable);
}
