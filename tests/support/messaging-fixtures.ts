// Parents with a proven phone, messages queued through notify(), and the outbox rows they became
// (issue 48): what the SMS and WhatsApp tests start from.
import type { Channel, MessageKind } from "@/lib/contracts/notifications";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import type { Prisma } from "@/lib/generated/prisma/client";
import { offeredChannels } from "@/lib/messaging/config";
import { notify, type Notice } from "@/lib/messaging/notify";
import { SETTING_KEYS } from "@/lib/settings/settings";
import { schoolById } from "@/lib/schools/resolve-school";
import { uniqueName } from "@/tests/support/fixtures";
import { testDb } from "@/tests/support/school";

let numbers = 0;

/** A Zambian mobile number no other test of this file uses, international form. */
export function uniquePhone(): string {
  numbers += 1;
  return `+26097${String((process.pid % 100) * 100_000 + numbers).padStart(7, "0")}`;
}

export type PhoneParent = { id: number; phone: string; email: string; schoolId: number };

/** A parent whose phone is proven, with the channels chosen for some kinds (the rest default). */
export async function parentWithPhone(
  options: {
    channels?: Partial<Record<MessageKind, Channel[]>>;
    schoolId?: number;
    phone?: string;
    smsOptedOut?: boolean;
  } = {},
): Promise<PhoneParent> {
  const schoolId = options.schoolId ?? DEFAULT_SCHOOL_ID;
  const db = await testDb(schoolId);
  const username = uniqueName("phone");
  const phone = options.phone ?? uniquePhone();
  const email = `${username}@example.com`;
  const user = await db.user.create({
    data: {
      schoolId,
      username,
      usernameKey: username.toLowerCase(),
      passwordHash: "not-used",
      name: `Parent ${username}`,
      email,
      phone,
      phoneVerifiedAt: new Date(),
      ...(options.channels
        ? { notificationChannels: options.channels as Prisma.InputJsonObject }
        : {}),
      ...(options.smsOptedOut ? { smsOptedOutAt: new Date() } : {}),
    },
  });
  return { id: user.id, phone, email, schoolId };
}

/**
 * Queues a notice the way every message path does: notify() in a transaction. The channels the
 * school offers are read before it (a read outside the transaction inside it would wait for the
 * embedded database's one connection).
 */
export async function queueNotice(notice: Notice, schoolId = DEFAULT_SCHOOL_ID) {
  const school = await schoolById(schoolId);
  if (!school) throw new Error(`No school ${schoolId}`);
  const offered = await offeredChannels(school);
  const db = await testDb(schoolId);
  return db.$transaction((tx) => notify(tx, school, { immediate: true, ...notice }, { offered }));
}

/** A payment confirmation on SMS and WhatsApp wording, to the parent's chosen channels. */
export function paymentNotice(userId: number, text = "Kabulonga: ZMW 45.50 paid for Natasha.") {
  return {
    userId,
    kind: "payments",
    email: { to: `unused-${userId}@example.com`, subject: "Payment received", text },
    sms: text,
    whatsapp: { name: "payment_confirmed", params: ["Natasha", "ZMW 45.50"] },
  } satisfies Notice;
}

/** The school's messaging setting (what the office's card saves). */
export async function setMessaging(
  value: { senderId?: string | null; sms?: boolean; whatsapp?: boolean },
  schoolId = DEFAULT_SCHOOL_ID,
) {
  const db = await testDb(schoolId);
  const next = { senderId: null, sms: true, whatsapp: true, ...value };
  await db.setting.upsert({
    where: { schoolId_key: { schoolId, key: SETTING_KEYS.messaging } },
    create: { schoolId, key: SETTING_KEYS.messaging, value: next },
    update: { value: next },
  });
}

/** The parent's outbox rows, oldest first. */
export async function rowsOf(userId: number, schoolId = DEFAULT_SCHOOL_ID) {
  const db = await testDb(schoolId);
  return db.emailOutbox.findMany({ where: { schoolId, userId }, orderBy: { id: "asc" } });
}

/** As if each row's back-off had passed: due now. */
export async function makeDue(ids: number[], schoolId = DEFAULT_SCHOOL_ID) {
  const db = await testDb(schoolId);
  await db.emailOutbox.updateMany({
    where: { schoolId, id: { in: ids } },
    data: { nextAttemptAt: new Date(Date.now() - 1000) },
  });
}

/** Marks every other due row of the school sent, so a test's run sees its own rows alone. */
export async function settleOutbox(schoolId = DEFAULT_SCHOOL_ID) {
  const db = await testDb(schoolId);
  await db.emailOutbox.updateMany({
    where: { schoolId, status: "pending" },
    data: { status: "failed", lastError: "set aside by the test" },
  });
}
