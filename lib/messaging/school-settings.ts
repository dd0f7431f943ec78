import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import type { MessagingSettingsAnswer } from "@/lib/contracts/phone-verification";
import {
  getMessagingSettings,
  smsConfigured,
  toMessagingSettings,
  whatsappConfigured,
} from "@/lib/messaging/config";
import { SETTING_KEYS, writeSetting, type SchoolRef } from "@/lib/settings/settings";
import type { MessagingSettingsValues } from "@/lib/validations/messaging";

// Settings › Communication › Text and WhatsApp messages (issue 48): the school's sender ID and
// whether it offers SMS and WhatsApp, beside whether the platform configured each provider (a
// channel reaches parents only when both say yes).

function withPlatform(settings: MessagingSettingsValues): MessagingSettingsAnswer {
  return { ...settings, smsConfigured: smsConfigured(), whatsappConfigured: whatsappConfigured() };
}

/** GET /api/settings/messaging. */
export async function getMessagingSettingsAnswer(
  school: SchoolRef,
): Promise<MessagingSettingsAnswer> {
  return withPlatform(await getMessagingSettings(school));
}

/** PUT /api/settings/messaging: saved with the audit of the values before and after. */
export async function saveMessagingSettings(
  school: SchoolRef,
  actor: SessionUser,
  input: MessagingSettingsValues,
): Promise<MessagingSettingsAnswer> {
  const next = { senderId: input.senderId, sms: input.sms, whatsapp: input.whatsapp };
  return withPlatform(
    await writeSetting(school, actor, SETTING_KEYS.messaging, next, toMessagingSettings),
  );
}
