import type { WhatsAppTemplate } from "@/lib/messaging/notify";
import {
  CHILD_MIN,
  childrenOptions,
  childrenPart,
  countOf,
  fitSms,
  prefix,
  SCHOOL_MIN,
  SCHOOL_SOFT,
  whatsappParams,
  smsAmount,
  smsDays,
} from "@/lib/messaging/templates/fit";

// Payment confirmations (issue 48, kind `payments`): the orders a payment paid (by card, mobile
// money, the wallet, or nothing after a discount) and a wallet top-up. WhatsApp templates
// `payment_confirmed` and `topup_confirmed` (decision 0111 lists their parameters).

export type PhoneTexts = { sms: string; whatsapp: WhatsAppTemplate };

/** How the parent paid, as the messages say it: "card", "Airtel Money", "wallet credit"... */
export type PaidBy = string;

/** The orders a payment paid: each meal's child and calendar day, the total and how it was paid. */
export type PaidMeals = {
  schoolName: string;
  meals: readonly { childName: string; date: string }[];
  totalNgwee: number;
  paidBy: PaidBy;
};

/**
 * "Lusaka Academy: 3 lunches for Chilufya and Mwila booked: Mon 23 Nov to Fri 27 Nov. Paid
 * K135.00 by card."
 */
export function paymentConfirmedTexts(paid: PaidMeals): PhoneTexts {
  const meals = countOf(paid.meals.length, "lunch", "lunches");
  const children = childrenOptions(paid.meals.map((meal) => meal.childName));
  const days = smsDays(paid.meals.map((meal) => meal.date));
  const amount = smsAmount(paid.totalNgwee);
  const sms = fitSms(
    ([school, who, by]) =>
      `${prefix(school!)}${meals} for ${who} booked: ${days}. Paid ${amount}` +
      `${by ? ` by ${by}` : ""}. Thank you.`,
    [
      { options: [paid.schoolName], shrink: "title" },
      childrenPart(paid.meals.map((meal) => meal.childName)),
      { options: [paid.paidBy], shrink: "words" },
    ],
    [
      [0, SCHOOL_SOFT],
      [1, CHILD_MIN],
      [0, SCHOOL_MIN],
      [2, 4],
    ],
  );
  return {
    sms,
    whatsapp: {
      name: "payment_confirmed",
      params: whatsappParams([paid.schoolName, meals, children[0]!, days, amount, paid.paidBy]),
    },
  };
}

/** "Lusaka Academy: K200.00 paid by Airtel Money is in your canteen wallet. Balance: K350.50." */
export function topUpConfirmedTexts(topUp: {
  schoolName: string;
  amountNgwee: number;
  paidBy: PaidBy;
  balanceNgwee: number;
}): PhoneTexts {
  const amount = smsAmount(topUp.amountNgwee);
  const balance = smsAmount(topUp.balanceNgwee);
  const sms = fitSms(
    ([school, by]) =>
      `${prefix(school!)}${amount}${by ? ` paid by ${by}` : ""} is in your canteen wallet. ` +
      `Balance: ${balance}.`,
    [
      { options: [topUp.schoolName], shrink: "title" },
      { options: [topUp.paidBy], shrink: "words" },
    ],
    [
      [0, SCHOOL_SOFT],
      [1, 4],
      [0, SCHOOL_MIN],
    ],
  );
  return {
    sms,
    whatsapp: {
      name: "topup_confirmed",
      params: whatsappParams([topUp.schoolName, amount, topUp.paidBy, balance]),
    },
  };
}
