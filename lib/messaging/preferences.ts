import { z } from "zod";
import {
  CHANNELS,
  MESSAGE_KINDS,
  type Channel,
  type MessageKind,
  type NotificationChannels,
} from "@/lib/contracts/notifications";

// The parent's choice of channels per kind of message (issue 48, decision 0108). Pure: the
// account's columns and the offered channels are arguments.

/** What of the account the choice reads (one SELECT by `recipientColumns`). */
export type RecipientPrefs = {
  email: string | null;
  phone: string | null;
  phoneVerifiedAt: Date | null;
  smsOptedOutAt: Date | null;
  notificationChannels: unknown;
  orderReminders: boolean;
  counterReceipts: boolean;
  deletedAt: Date | null;
};

const channelList = z.array(z.enum(CHANNELS)).transform((list) => [...new Set(list)]);
const storedSchema = z.object(
  Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, channelList.optional()])) as Record<
    MessageKind,
    z.ZodOptional<typeof channelList>
  >,
);

/**
 * The defaults: e-mail as before issue 48 (reminders while `orderReminders` is on, counter
 * purchases when `counterReceipts` is on), plus SMS for payments and closures once the phone is
 * verified.
 */
export function defaultChannels(kind: MessageKind, phoneVerified: boolean): Channel[] {
  if ((kind === "payments" || kind === "closures") && phoneVerified) return ["email", "sms"];
  return ["email"];
}

/** The account's saved choice merged over the defaults, every kind present. */
export function savedChannels(prefs: RecipientPrefs): NotificationChannels {
  const parsed = storedSchema.safeParse(prefs.notificationChannels ?? {});
  const stored = parsed.success ? parsed.data : {};
  const verified = prefs.phoneVerifiedAt !== null;
  return Object.fromEntries(
    MESSAGE_KINDS.map((kind) => [kind, stored[kind] ?? defaultChannels(kind, verified)]),
  ) as NotificationChannels;
}

/**
 * Where one message of `kind` goes now: the saved choice, less what the account cannot receive
 * (no address, no verified phone, SMS stopped, a channel the school does not offer), reminders
 * only while `orderReminders` is on and counter purchases only while `counterReceipts` is on.
 * WhatsApp replaces SMS when both are chosen: the SMS is its fallback ("not on WhatsApp").
 */
export function deliveryChannels(
  prefs: RecipientPrefs,
  kind: MessageKind,
  offered: readonly Channel[],
): Channel[] {
  if (prefs.deletedAt) return [];
  if (kind === "reminders" && !prefs.orderReminders) return [];
  if (kind === "counter" && !prefs.counterReceipts) return [];
  const phoneOk = prefs.phone !== null && prefs.phoneVerifiedAt !== null;
  const chosen = savedChannels(prefs)[kind].filter((channel) => {
    if (!offered.includes(channel)) return false;
    if (channel === "email") return prefs.email !== null;
    if (channel === "sms") return phoneOk && prefs.smsOptedOutAt === null;
    return phoneOk;
  });
  return chosen.includes("whatsapp") ? chosen.filter((channel) => channel !== "sms") : chosen;
}
