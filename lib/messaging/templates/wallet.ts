import {
  CHILD_MIN,
  countOf,
  fitSms,
  prefix,
  SCHOOL_MIN,
  SCHOOL_SOFT,
  whatsappParams,
  smsAmount,
} from "@/lib/messaging/templates/fit";
import type { PhoneTexts } from "@/lib/messaging/templates/payments";

// The wallet's messages (issue 48): low balance (kind `lowBalance`, WhatsApp `low_balance`) and a
// counter purchase (kind `counter`, WhatsApp `counter_purchase`); decision 0111.

/** "Lusaka Academy: your canteen wallet has K12.50 left, below your alert of K50.00. Top up..." */
export function lowBalanceTexts(low: {
  schoolName: string;
  balanceNgwee: number;
  thresholdNgwee: number;
}): PhoneTexts {
  const balance = smsAmount(low.balanceNgwee);
  const threshold = smsAmount(low.thresholdNgwee);
  const sms = fitSms(
    ([school]) =>
      `${prefix(school!)}your canteen wallet has ${balance} left, below your alert of ` +
      `${threshold}. Top up by card or mobile money in the portal.`,
    [{ options: [low.schoolName], shrink: "title" }],
    [
      [0, SCHOOL_SOFT],
      [0, SCHOOL_MIN],
    ],
  );
  return {
    sms,
    whatsapp: { name: "low_balance", params: whatsappParams([low.schoolName, balance, threshold]) },
  };
}

/** "2 x Mango Juice, Crisps": what was bought, as the counter's receipt lists it. */
export function itemsText(lines: readonly { name: string; quantity: number }[]): string {
  return lines
    .map((line) => (line.quantity > 1 ? `${line.quantity} x ${line.name}` : line.name))
    .join(", ");
}

/**
 * "Lusaka Academy: Chilufya bought 2 x Mango Juice, Crisps at the counter for K13.00. Your wallet
 * now has K20.50." The names shorten first, then the items give way to their count ("3 items").
 */
export function counterPurchaseTexts(sale: {
  schoolName: string;
  childName: string;
  lines: readonly { name: string; quantity: number }[];
  totalNgwee: number;
  balanceNgwee: number;
}): PhoneTexts {
  const total = smsAmount(sale.totalNgwee);
  const balance = smsAmount(sale.balanceNgwee);
  const items = itemsText(sale.lines);
  const count = countOf(
    sale.lines.reduce((sum, line) => sum + line.quantity, 0),
    "item",
    "items",
  );
  const sms = fitSms(
    ([school, what, child]) =>
      `${prefix(school!)}${child} bought ${what} at the counter for ${total}. ` +
      `Your wallet now has ${balance}.`,
    [
      { options: [sale.schoolName], shrink: "title" },
      { options: [items, count], shrink: "fixed" },
      { options: [sale.childName], shrink: "name" },
    ],
    [
      [0, SCHOOL_SOFT],
      [2, CHILD_MIN],
      [1, 0],
      [0, SCHOOL_MIN],
    ],
  );
  return {
    sms,
    whatsapp: {
      name: "counter_purchase",
      params: whatsappParams([sale.schoolName, sale.childName, items, total, balance]),
    },
  };
}
