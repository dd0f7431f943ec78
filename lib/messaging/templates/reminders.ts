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
  smsDay,
} from "@/lib/messaging/templates/fit";
import type { PhoneTexts } from "@/lib/messaging/templates/payments";

// The cut-off reminder (issue 48, kind `reminders`): whose lunch is not ordered for which day, and
// until when. WhatsApp template `order_reminder` (decision 0111).

/**
 * "Lusaka Academy: no lunch ordered yet for Chilufya on Tue 24 Nov. Orders close at 08:00 that
 * day. https://lusaka.canteen.zm/" The portal's address is dropped whole when it does not fit.
 */
export function orderReminderTexts(reminder: {
  schoolName: string;
  childNames: readonly string[];
  date: string;
  /** "08:00". */
  cutoffText: string;
  portalUrl: string;
}): PhoneTexts {
  const day = smsDay(reminder.date);
  const children = childrenOptions(reminder.childNames);
  const sms = fitSms(
    ([school, url, who]) =>
      `${prefix(school!)}no lunch ordered yet for ${who} on ${day}. ` +
      `Orders close at ${reminder.cutoffText} that day.${url ? ` ${url}` : ""}`,
    [
      { options: [reminder.schoolName], shrink: "title" },
      { options: [reminder.portalUrl, ""], shrink: "fixed" },
      childrenPart(reminder.childNames),
    ],
    [
      [0, SCHOOL_SOFT],
      [2, CHILD_MIN, FIRST_NAMES],
      [1, 0],
      [2, CHILD_MIN],
      [0, SCHOOL_MIN],
    ],
  );
  return {
    sms,
    whatsapp: {
      name: "order_reminder",
      params: whatsappParams([
        reminder.schoolName,
        children[0]!,
        day,
        reminder.cutoffText,
        reminder.portalUrl,
      ]),
    },
  };
}
