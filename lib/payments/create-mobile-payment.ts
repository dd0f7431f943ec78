import "server-only";
import { ApiError, conflict, unprocessable } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import {
  MOBILE_MONEY_OFF,
  OPERATORS,
  operatorLimitError,
  operatorOff,
  PAYMENT_METHODS,
  type MobileMoneySettingsDto,
  type MobilePaymentAnswer,
  type MobilePushFailure,
} from "@/lib/contracts/mobile-money";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/observability/log";
import { chargeTokenMobile, mnoOf } from "@/lib/payments/dpo-mobile";
import { verifyAttempt, type VerifiableAttempt } from "@/lib/payments/fulfil";
import { parseMobileNumber, type MobileNumber } from "@/lib/validations/mobile-number";
import {
  openAttempt,
  PREVIOUS_PAID,
  requestToken,
  type Payable,
  type Reuse,
} from "@/lib/payments/open-attempt";
import { assertOpenForOrdering } from "@/lib/orders/open-for-ordering";
import { pricedCart } from "@/lib/payments/payable-cart";
import { providerFor } from "@/lib/payments/provider-config";
import { getMobileMoneySettings } from "@/lib/settings/settings";
import type { CreatePaymentInput } from "@/lib/validations/payments";

// POST /api/payments/create with paymentMethod "MOBILE" (issue 16): the cart is priced as for a
// card, the number is checked and its operator recognised, the operator's limits applied, and
// only then is DPO asked for a token and a push to the phone (ChargeTokenMobile). Whether money
// moved is known from verifyToken alone (the waiting screen's polls, the sweep), as for a card.

export const PUSH_UNKNOWN =
  "We could not reach the mobile money service, so we do not know whether your phone was asked to pay. If it shows a payment request, approve it; otherwise try again in a moment.";

export async function createMobilePayment(
  school: SchoolContext,
  actor: SessionUser,
  input: CreatePaymentInput,
): Promise<MobilePaymentAnswer> {
  assertOpenForOrdering(school);
  const settings = await getMobileMoneySettings(school);
  if (!settings.enabled) throw conflict(MOBILE_MONEY_OFF);
  return payByMobile(school, actor, await pricedCart(school, actor, input), input, settings);
}

/**
 * Pushes the payment of a priced cart or of a wallet top-up (issue 47) to the number given, once
 * the school's mobile money is on (checked by the caller, before anything is priced).
 */
export async function payByMobile(
  school: SchoolContext,
  actor: SessionUser,
  cart: Payable,
  input: Pick<CreatePaymentInput, "mobileNumber" | "mobileOperator">,
  settings: Pick<MobileMoneySettingsDto, "operators">,
): Promise<MobilePaymentAnswer> {
  const parsed = parseMobileNumber(input.mobileNumber ?? "", input.mobileOperator);
  if (!parsed.ok) throw unprocessable(parsed.error, { details: { mobileNumber: parsed.error } });
  const number = parsed.number;
  if (!settings.operators[number.operator]) {
    const message = operatorOff(OPERATORS[number.operator].label);
    throw unprocessable(message, { details: { mobileNumber: message } });
  }
  const limit = operatorLimitError(number.operator, cart.dueNgwee);
  if (limit) throw unprocessable(limit, { details: { amount: limit } });
  const provider = await providerFor(school);

  const slot = await openAttempt(
    school,
    actor,
    cart,
    {
      paymentMethod: PAYMENT_METHODS.mobile,
      mobileOperator: number.operator,
      mobileNumber: number.masked,
    },
    (open) => rePushOrClose(school, open),
  );
  let token: string;
  let companyRef: string;
  let attemptId: number;
  if (slot.kind === "open") {
    // A corrected number (or a second try) is a new push on the same open token.
    ({ transactionId: token, transactionRef: companyRef, id: attemptId } = slot.attempt);
    const db = await schoolDb(school.id);
    await db.paymentAttempt.updateMany({
      where: { schoolId: school.id, id: attemptId },
      data: { mobileOperator: number.operator, mobileNumber: number.masked },
    });
  } else {
    token = (await requestToken(school, provider, actor, cart, slot)).transToken;
    ({ companyRef, attemptId } = slot);
  }

  const push = await chargeTokenMobile(provider.client, {
    token,
    phoneNumber: number.international,
    ...mnoOf(env(), number.operator),
  });
  if (push.ok) {
    return { TransToken: token, Result: "000", companyRef, instructions: push.instructions };
  }
  // Refused or unknown, the attempt stays open: nothing is paid without verifyToken's 000, the
  // parent may correct the number (a new push on this token), and the sweep closes it otherwise.
  const failure: MobilePushFailure = {
    pushStatus: push.kind === "refused" ? "refused" : "unknown",
    TransToken: token,
    companyRef,
    ...(push.kind === "refused" ? { Code: push.code } : {}),
  };
  await recordPushFailure(school.id, attemptId, number, push);
  if (push.kind === "refused") {
    const explanation = push.explanation || "The mobile money service refused the payment request.";
    throw new ApiError(502, explanation, failure);
  }
  throw new ApiError(502, PUSH_UNKNOWN, failure);
}

/**
 * The open attempt of this same cart paid by mobile money: asked about first, so a payment that
 * went through is never pushed again. Still unpaid: pushed again. Failed (declined, expired): it
 * is closed, and a new attempt takes its place.
 */
async function rePushOrClose(school: SchoolContext, open: VerifiableAttempt): Promise<Reuse> {
  const result = await verifyAttempt(school, open);
  if (result.outcome === "paid" || result.outcome === "paid-unfulfilled") {
    throw conflict(PREVIOUS_PAID);
  }
  return result.outcome === "failed" ? "closed" : "reuse";
}

async function recordPushFailure(
  schoolId: number,
  attemptId: number,
  number: MobileNumber,
  push: { kind: string; code?: string; explanation?: string; error?: string },
) {
  const detail =
    push.kind === "refused"
      ? `Push to ${number.masked} refused: ${push.code}: ${push.explanation}`
      : `Push to ${number.masked}: ${push.kind}: ${push.error}`;
  log.warn({ attemptId, detail }, "mobile money push not sent");
  const db = await schoolDb(schoolId);
  await db.paymentAttempt.updateMany({
    where: { schoolId, id: attemptId, fulfilledAt: null },
    data: { errorDetails: detail.slice(0, 500) },
  });
}
