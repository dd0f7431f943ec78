import {
  CHILD_MIN,
  childrenOptions,
  childrenPart,
  FIRST_NAMES,
  fitSms,
  prefix,
  SCHOOL_MIN,
  SCHOOL_SOFT,
  whatsappParams,
  smsAmount,
  smsDay,
} from "@/lib/messaging/templates/fit";
import type { PhoneTexts } from "@/lib/messaging/templates/payments";

// A closed day (issue 48, kind `closures`): the day, the school's reason, whose lunch is cancelled
// and the credit it gave. WhatsApp template `day_closed` (decision 0111).

/**
 * "Lusaka Academy: no school meals on Tue 24 Nov (Staff training). Lunch for Chilufya cancelled,
 * K45.00 added to your wallet." The school's name loses its tail first, the children are named by
 * their first names, then the reason gives way, and only then are the children counted.
 */
export function dayClosedTexts(closed: {
  schoolName: string;
  date: string;
  reason: string;
  childNames: readonly string[];
  creditedNgwee: number;
}): PhoneTexts {
  const day = smsDay(closed.date);
  const credit = smsAmount(closed.creditedNgwee);
  const children = childrenOptions(closed.childNames);
  const refund =
    closed.creditedNgwee > 0
      ? `, ${credit} added to your wallet.`
      : ". Nothing was paid, so no credit.";
  const sms = fitSms(
    ([school, reason, who]) =>
      `${prefix(school!)}no school meals on ${day}${reason ? ` (${reason})` : ""}. ` +
      `Lunch for ${who} cancelled${refund}`,
    [
      { options: [closed.schoolName], shrink: "title" },
      { options: [closed.reason.replace(/[.\s]+$/, "")], shrink: "words" },
      childrenPart(closed.childNames),
    ],
    [
      [0, SCHOOL_SOFT],
      [2, CHILD_MIN, FIRST_NAMES],
      [1, 10],
      [2, CHILD_MIN],
      [0, SCHOOL_MIN],
    ],
  );
  return {
    sms,
    whatsapp: {
      name: "day_closed",
      params: whatsappParams([closed.schoolName, day, closed.reason, children[0]!, credit]),
    },
  };
}
