import "server-only";
import type { Email } from "@/lib/mail/outbox";

// The text of one order reminder (issue 19): which children have no meal ordered yet, for which
// day, until when, where to order, and how to stop these e-mails.

export type ReminderEmailInput = {
  /** The school's name (School.name). */
  shopName: string;
  to: string;
  name: string;
  children: readonly string[];
  /** "Tuesday 3 March 2026". */
  dayText: string;
  /** "08:00". */
  cutoffText: string;
  portalUrl: string;
  unsubscribeUrl: string;
};

export function reminderEmail(input: ReminderEmailInput): Email {
  const who = input.children.join(", ");
  return {
    to: input.to,
    subject: `Order lunch for ${input.dayText}`,
    text: [
      `Hello ${input.name},`,
      "",
      `No meal is ordered yet for ${input.dayText} for: ${who}.`,
      `Orders for that day close at ${input.cutoffText} on the day itself.`,
      "",
      `Order in the ${input.shopName} portal: ${input.portalUrl}`,
      "",
      "You get this reminder because reminders are on in your Profile Settings.",
      `To stop them with one click: ${input.unsubscribeUrl}`,
    ].join("\n"),
  };
}
