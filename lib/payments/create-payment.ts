import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { PAYMENT_METHODS } from "@/lib/contracts/mobile-money";
import type { CreatePaymentAnswer } from "@/lib/contracts/payments";
import type { SchoolContext } from "@/lib/contracts/schools";
import { assertOpenForOrdering } from "@/lib/orders/open-for-ordering";
import { payPageUrl } from "@/lib/payments/dpo-client";
import {
  openAttempt,
  requestToken,
  type OpenAttempt,
  type Payable,
} from "@/lib/payments/open-attempt";
import { pricedCart } from "@/lib/payments/payable-cart";
import { providerFor } from "@/lib/payments/provider-config";
import type { CreatePaymentInput } from "@/lib/validations/payments";

// POST /api/payments/create for a card: the cart is checked and priced again on the server, the
// amount the browser shows must match it, and the provider is asked for exactly that amount. One
// open transaction per user across card and mobile money: the same cart paid by card gets the same
// token back (lib/payments/open-attempt.ts). A suspended school starts no payment (403).

export async function createPayment(
  school: SchoolContext,
  actor: SessionUser,
  input: CreatePaymentInput,
): Promise<CreatePaymentAnswer> {
  assertOpenForOrdering(school);
  return payByCard(school, actor, await pricedCart(school, actor, input));
}

/** Starts (or reuses) the card payment of a priced cart or of a wallet top-up (issue 47). */
export async function payByCard(
  school: SchoolContext,
  actor: SessionUser,
  cart: Payable,
): Promise<CreatePaymentAnswer> {
  const provider = await providerFor(school);
  const slot = await openAttempt(
    school,
    actor,
    cart,
    { paymentMethod: PAYMENT_METHODS.card },
    async () => "reuse",
  );
  if (slot.kind === "open") {
    return answerFor(slot.attempt, slot.attempt.transactionId, provider.payUrl);
  }
  const token = await requestToken(school, provider, actor, cart, slot);
  return {
    Result: token.result,
    ResultExplanation: token.explanation,
    TransToken: token.transToken,
    companyRef: slot.companyRef,
    paymentUrl: payPageUrl(provider.payUrl, token.transToken),
    amount: cart.amountDue,
  };
}

function answerFor(attempt: OpenAttempt, token: string, payUrl: string): CreatePaymentAnswer {
  return {
    Result: "000",
    ResultExplanation: "Transaction created",
    TransToken: token,
    companyRef: attempt.transactionRef,
    paymentUrl: payPageUrl(payUrl, token),
    amount: attempt.paymentAmount.toFixed(2),
  };
}
