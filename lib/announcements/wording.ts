import { SMS_SCHOOL_NAME_MAX } from "@/lib/contracts/announcements";
import { SMS_MAX_LENGTH } from "@/lib/contracts/notifications";
import { gsm7Length, toGsm7 } from "@/lib/messaging/gsm7";

// What an announcement's SMS and WhatsApp message carry (issue 48, decision 0112). Pure: the
// server words what it queues with it, and the office's form counts the same characters live, so
// the counter and the refusal never disagree.
//
// The SMS is "<School>: <title>. <message>", or "<School>: <the office's SMS text>" when the office
// wrote one; line breaks become spaces, typographic quotes and dashes plain ones, and letters with
// accents outside GSM-7 lose them. What still does not fit one GSM-7 SMS (160 septets), or holds a
// character no GSM-7 SMS carries (an emoji), is refused: never split, never sent as "?".

/** White space, line breaks too, as single spaces. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** The school's name as its SMS carry it: GSM-7, at most 30 characters, cut at a word. */
export function smsSchoolName(name: string): string {
  const clean = oneLine(toGsm7(name.normalize("NFC")));
  if (clean.length <= SMS_SCHOOL_NAME_MAX) return clean;
  const cut = clean.slice(0, SMS_SCHOOL_NAME_MAX);
  const space = cut.lastIndexOf(" ");
  return (space >= SMS_SCHOOL_NAME_MAX / 2 ? cut.slice(0, space) : cut).trim();
}

export type SmsWording = {
  /** The SMS as it would be sent. */
  text: string;
  /** Its length in GSM-7 septets (the extension table's characters count twice). */
  length: number;
  /** Characters no GSM-7 SMS carries, each once (emoji, other scripts). */
  unsupported: string[];
  /** One SMS: nothing unsupported and at most 160 septets. */
  fits: boolean;
  /** The SMS carries the office's own SMS text rather than the title and the message. */
  own: boolean;
};

export type AnnouncementText = { title: string; body: string; sms?: string | null };

/** The announcement's SMS at this school. */
export function announcementSms(schoolName: string, input: AnnouncementText): SmsWording {
  const ownText = oneLine(input.sms ?? "").normalize("NFC");
  const title = oneLine(input.title).normalize("NFC");
  const content =
    ownText !== ""
      ? ownText
      : `${title}${/[.!?:]$/.test(title) ? "" : "."} ${oneLine(input.body).normalize("NFC")}`;
  const unsupported = [...new Set([...content].filter((c) => c !== "?" && toGsm7(c) === "?"))];
  const text = `${smsSchoolName(schoolName)}: ${toGsm7(content)}`;
  const length = gsm7Length(text) ?? text.length;
  return {
    text,
    length,
    unsupported,
    fits: unsupported.length === 0 && length <= SMS_MAX_LENGTH,
    own: ownText !== "",
  };
}

/** Why the SMS cannot be sent, in the office's words; null when it fits. */
export function smsRefusal(sms: SmsWording): string | null {
  if (sms.unsupported.length > 0) {
    return (
      `An SMS cannot carry ${sms.unsupported.join(" ")}: ` +
      `use letters, digits and common punctuation${sms.own ? " in the SMS text" : ", or write an SMS text"}.`
    );
  }
  if (sms.length > SMS_MAX_LENGTH) {
    return (
      `The SMS would be ${sms.length} characters; one SMS holds ${SMS_MAX_LENGTH}. ` +
      (sms.own
        ? "Shorten the SMS text."
        : "Shorten the title and the message, or write a shorter SMS text.")
    );
  }
  return null;
}

/**
 * The WhatsApp template's body parameters: the school's name, the title and the message, each on
 * one line (Meta refuses a parameter with a line break, a tab or more than four spaces in a row).
 */
export function announcementWhatsAppParams(schoolName: string, input: AnnouncementText): string[] {
  return [oneLine(schoolName), oneLine(input.title), oneLine(input.body)];
}
