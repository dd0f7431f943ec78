import "server-only";
import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { SMS_OPTED_OUT } from "@/lib/contracts/message-delivery";
import { schoolDb } from "@/lib/db";
import { getMessagingSettings } from "@/lib/messaging/config";
import { log } from "@/lib/observability/log";
import { everySchool } from "@/lib/schools/resolve-school";
import type { SmsOptOut } from "@/lib/validations/messaging-webhooks";

// A reply of STOP to a sender ID (issue 48): Africa's Talking's opt-out callback names the sender
// ID and the number. SMS stops for the accounts that proved that number, at the schools that send
// under that sender ID; when no school has it (the account's default sender, shared by every
// school that set none), at every school. Their SMS still waiting is not sent.

/** The number in international form (+260977123456), as phones are stored. */
function international(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone, { defaultCountry: "ZM", extract: false });
  return parsed?.number ?? phone.replace(/[^\d+]/g, "");
}

/** Turns SMS off for the number; returns how many accounts it stopped. */
export async function applySmsOptOut(optOut: SmsOptOut, now: Date = new Date()): Promise<number> {
  const phone = international(optOut.phoneNumber);
  const sender = optOut.senderId?.toLowerCase();
  const schools = await everySchool();
  const named: typeof schools = [];
  for (const school of schools) {
    const { senderId } = await getMessagingSettings(school);
    if (sender && senderId?.toLowerCase() === sender) named.push(school);
  }
  let stopped = 0;
  for (const school of named.length > 0 ? named : schools) {
    const db = await schoolDb(school.id);
    stopped += await db.$transaction(async (tx) => {
      const accounts = await tx.user.findMany({
        where: { schoolId: school.id, phone, phoneVerifiedAt: { not: null }, deletedAt: null },
        select: { id: true },
      });
      if (accounts.length === 0) return 0;
      const ids = accounts.map((account) => account.id);
      await tx.user.updateMany({
        where: { schoolId: school.id, id: { in: ids }, smsOptedOutAt: null },
        data: { smsOptedOutAt: now },
      });
      await tx.emailOutbox.updateMany({
        where: {
          schoolId: school.id,
          userId: { in: ids },
          channel: "sms",
          to: phone,
          status: "pending",
          providerMessageId: null,
        },
        data: { status: "failed", lastError: SMS_OPTED_OUT, lockedUntil: null },
      });
      return accounts.length;
    });
  }
  log.info({ stopped, bySenderId: named.length > 0 }, "an SMS opt-out (STOP) was applied");
  return stopped;
}
