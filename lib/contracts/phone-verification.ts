// Proving a phone and the school's messaging settings (issue 48, decision 0110): the answers and
// the exact texts, shared by the handlers, Profile Settings and the admin's Settings card.
import type { MessagingSettingsDto } from "@/lib/contracts/notifications";

/** A code is valid this long after it is sent. */
export const PHONE_CODE_MINUTES = 10;
/** Tries per code: after this many the code is dead and a new one must be sent. */
export const PHONE_CODE_TRIES = 5;
/** Codes per number per hour, and per account per day. */
export const PHONE_CODE_LIMITS = {
  perNumber: { max: 3, windowSeconds: 60 * 60 },
  perAccount: { max: 5, windowSeconds: 24 * 60 * 60 },
} as const;

/** POST /api/account/phone/verify. */
export type PhoneCodeSentDto = {
  message: string;
  /** The number the code went to, in international form (+260977123456). */
  phone: string;
  expiresAt: string;
};

export const SMS_NOT_OFFERED = "Text messages are not available at this school.";
export const TOO_MANY_CODES_FOR_NUMBER =
  "Too many codes were sent to this number. Please wait an hour and try again.";
export const TOO_MANY_CODES_FOR_ACCOUNT =
  "Too many codes were asked for from this account today. Please try again tomorrow.";
export const NO_CODE_WAITING = "No code is waiting for this account. Please send a new code.";
export const CODE_EXPIRED = "This code has expired. Please send a new code.";
export const CODE_DEAD = "Too many wrong codes. Please send a new code.";
export const codeWrong = (triesLeft: number) =>
  triesLeft > 0
    ? `That code is not right. Please check the text message and try again (${triesLeft} ${
        triesLeft === 1 ? "try" : "tries"
      } left).`
    : CODE_DEAD;

/** PUT /api/account/notifications refusals. */
export const channelNotOffered = (label: string) =>
  `${label} messages are not available at this school.`;
export const PHONE_NOT_VERIFIED = "Verify your phone number before choosing SMS or WhatsApp.";

/** GET and PUT /api/settings/messaging: the school's choice and whether the platform has it. */
export type MessagingSettingsAnswer = MessagingSettingsDto & {
  /** The platform configured Africa's Talking (SMS_PROVIDER, AT_USERNAME, AT_API_KEY). */
  smsConfigured: boolean;
  /** The platform configured WhatsApp's Cloud API (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID). */
  whatsappConfigured: boolean;
};
