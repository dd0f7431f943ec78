import "server-only";
import {
  DEFAULT_MESSAGING_SETTINGS,
  type Channel,
  type MessagingSettingsDto,
} from "@/lib/contracts/notifications";
import type { Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { readSetting, SETTING_KEYS, type SchoolRef } from "@/lib/settings/settings";
import { messagingSettingsSchema } from "@/lib/validations/messaging";

// Which channels exist (issue 48, decision 0108): a channel is on when the platform configured its
// provider (the environment) and the school offers it (its messaging setting). Without the
// environment's keys a channel is off everywhere: the screens do not offer it, nothing is queued
// for it and nothing fails.

/** Africa's Talking is configured: SMS_PROVIDER, AT_USERNAME and AT_API_KEY. */
export function smsConfigured(): boolean {
  const e = env();
  return e.SMS_PROVIDER === "africastalking" && !!e.AT_USERNAME && !!e.AT_API_KEY;
}

/** WhatsApp's Cloud API is configured: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID. */
export function whatsappConfigured(): boolean {
  const e = env();
  return !!e.WHATSAPP_TOKEN && !!e.WHATSAPP_PHONE_NUMBER_ID;
}

// The schemas live in lib/validations/messaging.ts, shared with the admin's Settings card.
export { messagingSettingsSchema, senderIdSchema } from "@/lib/validations/messaging";

export function toMessagingSettings(value: unknown): MessagingSettingsDto {
  const parsed = messagingSettingsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : DEFAULT_MESSAGING_SETTINGS;
}

/** The school's saved messaging settings (defaults until the office saves them). */
export async function getMessagingSettings(school: SchoolRef): Promise<MessagingSettingsDto> {
  return toMessagingSettings(await readSetting(school, SETTING_KEYS.messaging));
}

/**
 * The channels this school's parents can choose: e-mail always, SMS and WhatsApp when on. Without
 * either provider configured nothing is read. Inside a transaction pass it as `tx`: the setting is
 * then read through it (one statement) rather than through the cache's own connection, which the
 * embedded database would hold up until the transaction ends.
 */
export async function offeredChannels(school: SchoolRef, tx?: Tx): Promise<Channel[]> {
  const sms = smsConfigured();
  const whatsapp = whatsappConfigured();
  if (!sms && !whatsapp) return ["email"];
  const settings = tx
    ? toMessagingSettings(
        (
          await tx.setting.findUnique({
            where: { schoolId_key: { schoolId: school.id, key: SETTING_KEYS.messaging } },
            select: { value: true },
          })
        )?.value,
      )
    : await getMessagingSettings(school);
  const channels: Channel[] = ["email"];
  if (settings.sms && sms) channels.push("sms");
  if (settings.whatsapp && whatsapp) channels.push("whatsapp");
  return channels;
}
