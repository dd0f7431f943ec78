import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { z } from "zod";
import { CHANNELS, MESSAGE_KINDS, type MessageKind } from "@/lib/contracts/notifications";

// The parent's phone for SMS and WhatsApp (issue 48, decision 0110): any common way of writing a
// mobile number ("0977 123 456", "+260 977 123 456", "260977123456"; Zambia unless a country code
// says otherwise), parsed by libphonenumber-js with its mobile-only metadata so a landline is not
// valid, and kept in international form (+260977123456). Pure: the server refuses with these
// messages and Profile Settings shows the same ones while the parent types.

export const PHONE_REQUIRED = "Please enter your mobile number.";
export const PHONE_INVALID =
  "This is not a mobile number. Please enter it as 0977 123 456 or +260 977 123 456.";
export const CODE_FORMAT = "Enter the 6-digit code from the text message.";

export type ParsedPhone = { ok: true; phone: string } | { ok: false; error: string };

/** The mobile number in international form, or why it is not one. */
export function parsePhone(text: string): ParsedPhone {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, error: PHONE_REQUIRED };
  // extract: false refuses text around the number ("call 0977…").
  const phone = parsePhoneNumberFromString(trimmed, { defaultCountry: "ZM", extract: false });
  if (!phone || phone.ext || !phone.isValid()) return { ok: false, error: PHONE_INVALID };
  return { ok: true, phone: phone.number };
}

/** "+260977123456" → "+260 97 7123456" (as the country writes it), or the text as it is. */
export function formatPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

/**
 * Whether two saved phones are the same number, however each is written: a profile saved with
 * the verified number written another way keeps its proof.
 */
export function samePhone(a: string | null, b: string | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  const left = parsePhone(a);
  const right = parsePhone(b);
  return left.ok && right.ok && left.phone === right.phone;
}

/**
 * The phone's columns after a profile save (the parent's own or the office's): a new number is no
 * longer proven; the proven number written another way is the same number and keeps its proof.
 */
export function phoneChange(
  current: { phone: string | null },
  next: string | null,
): { phone: string | null; phoneVerifiedAt?: null } {
  if (samePhone(current.phone, next)) return { phone: current.phone };
  return { phone: next, phoneVerifiedAt: null };
}

/** POST /api/account/phone/verify: `{ phone }`, answered in international form. */
export const phoneVerifySchema = z.object({
  phone: z
    .string({ error: PHONE_REQUIRED })
    .max(40, PHONE_INVALID)
    .transform((text, ctx) => {
      const parsed = parsePhone(text);
      if (parsed.ok) return parsed.phone;
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
});
export type PhoneVerifyInput = z.input<typeof phoneVerifySchema>;

/** POST /api/account/phone/confirm: `{ code }`, six digits. */
export const phoneConfirmSchema = z.object({
  code: z
    .string({ error: CODE_FORMAT })
    .trim()
    .regex(/^\d{6}$/, CODE_FORMAT),
});
export type PhoneConfirmInput = z.input<typeof phoneConfirmSchema>;

const channelList = z
  .array(z.enum(CHANNELS, "A channel is email, sms or whatsapp"))
  .max(CHANNELS.length * 2, "Too many channels")
  .transform((list) => [...new Set(list)]);

/** PUT /api/account/notifications: every kind's list of channels (empty: none). */
export const notificationsSchema = z.object({
  channels: z.strictObject(
    Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, channelList])) as Record<
      MessageKind,
      typeof channelList
    >,
  ),
});
export type NotificationsInput = z.input<typeof notificationsSchema>;
export type NotificationsValues = z.output<typeof notificationsSchema>;
