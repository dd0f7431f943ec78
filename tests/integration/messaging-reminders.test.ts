import { beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as reminders from "@/app/api/settings/reminders/route";
import type { SchoolContext } from "@/lib/contracts/schools";
import { fitsOneSms } from "@/lib/messaging/gsm7";
import { sendOrderReminders } from "@/lib/reminders/order-reminders";
import { activeCycle, addMenuItem, addStudent, uniqueName } from "@/tests/support/fixtures";
import {
  channelsOf,
  outboxOf,
  PHONE,
  configureMessagingEnv,
  type Choice,
} from "@/tests/support/message-kinds-fixtures";
import { signedInAdmin } from "@/tests/support/money-admin-fixtures";
import { defaultSchool, testDb } from "@/tests/support/school";

// Issue 48: "A reminder is sent at most once a day per parent, whatever the channels." The cut-off
// reminder on each channel the parent chose for reminders, claimed once per account and day (the
// OrderReminder row) however many sweeps run at once and whatever the channels; in the evening its
// SMS or WhatsApp waits for 08:00, and is not queued at all when 08:00 is already past the cut-off.
configureMessagingEnv();

// A two-week cycle from Monday 4 March 2030. Lusaka is UTC+2.
const START = "2030-03-04";
const at = (isoDate: string, hour: number, minute = 0) =>
  new Date(
    `${isoDate}T${String(hour - 2).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00Z`,
  );

let school: SchoolContext;

beforeAll(async () => {
  school = await defaultSchool();
  await activeCycle({ startDate: START, cycleLength: 2 });
  await addMenuItem();
});

beforeEach(async () => {
  const db = await testDb();
  await db.orderReminder.deleteMany();
  await db.emailOutbox.deleteMany();
});

async function remindAt(hour: number, cutoffHour = 8) {
  const db = await testDb();
  await db.setting.upsert({
    where: { schoolId_key: { schoolId: school.id, key: "cutoff-time" } },
    create: { key: "cutoff-time", value: { cutoffHour, cutoffMinute: 0 } },
    update: { value: { cutoffHour, cutoffMinute: 0 } },
  });
  const admin = await signedInAdmin(["settings"]);
  const saved = await admin.call(reminders.POST, "POST", "/api/settings/reminders", {
    body: { enabled: true, hour, minute: 0 },
  });
  expect(saved.status).toBe(200);
}

/** An account with a proven phone, its reminders' channels chosen, and one child. */
async function parent(channels: Choice["reminders"], options: { email?: boolean } = {}) {
  const db = await testDb();
  const username = uniqueName("remind.phone.");
  const user = await db.user.create({
    data: {
      username,
      usernameKey: username,
      passwordHash: "x",
      name: `Name ${username}`,
      role: "parent",
      ...(options.email === false ? {} : { email: `${username}@example.com` }),
      phone: PHONE,
      phoneVerifiedAt: new Date("2030-01-01T08:00:00Z"),
      notificationChannels: { reminders: channels },
    },
  });
  await addStudent(user.id, "Thandiwe Nakamba-Chisenga", "3");
  return user;
}

describe("the cut-off reminder on SMS and WhatsApp", () => {
  it("goes once a day per parent, whatever the channels and however many sweeps run", async () => {
    await remindAt(17);
    const emailAndSms = await parent(["email", "sms"]);
    const smsAndWhatsApp = await parent(["sms", "whatsapp"]);
    const smsOnly = await parent(["sms"], { email: false });
    const emailOnly = await parent(["email"]);
    const evening = at("2030-03-04", 18);
    const counts = await Promise.all([
      sendOrderReminders(school, evening),
      sendOrderReminders(school, evening),
      sendOrderReminders(school, evening),
    ]);
    // Later sweeps of the same evening find every account claimed.
    counts.push(await sendOrderReminders(school, at("2030-03-04", 19)));
    counts.push(await sendOrderReminders(school, at("2030-03-04", 19, 30)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
    const db = await testDb();
    expect(await db.orderReminder.count()).toBe(4);
    expect(await channelsOf(emailAndSms.id, "reminders")).toEqual(["email", "sms"]);
    expect(await channelsOf(smsAndWhatsApp.id, "reminders")).toEqual(["whatsapp"]);
    expect(await channelsOf(smsOnly.id, "reminders")).toEqual(["sms"]);
    expect(await channelsOf(emailOnly.id, "reminders")).toEqual(["email"]);

    const [mail, sms] = await outboxOf(emailAndSms.id, "reminders");
    expect(mail!.subject).toBe("Order lunch for Tuesday 5 March 2030");
    expect(sms).toMatchObject({ channel: "sms", to: PHONE, nextAttemptAt: evening });
    expect(fitsOneSms(sms!.text)).toBe(true);
    for (const fact of ["Thandiwe Nakamba-Chisenga", "Tue 5 Mar", "08:00"]) {
      expect(sms!.text).toContain(fact);
    }
    const [whatsapp] = await outboxOf(smsAndWhatsApp.id, "reminders");
    expect(whatsapp).toMatchObject({
      channel: "whatsapp",
      to: PHONE,
      template: {
        name: "order_reminder",
        params: [
          school.name,
          "Thandiwe Nakamba-Chisenga",
          "Tue 5 Mar",
          "08:00",
          "http://localhost:3000/",
        ],
      },
    });
  });

  it("waits for 08:00 when the reminder time is in quiet hours, the e-mail goes at once", async () => {
    await remindAt(21, 10);
    const emailAndSms = await parent(["email", "sms"]);
    const night = at("2030-03-04", 21, 30);
    // (The earlier tests' parents are reminded too: each test reads its own parents' rows.)
    expect(await sendOrderReminders(school, night)).toBeGreaterThan(0);
    const rows = await outboxOf(emailAndSms.id, "reminders");
    expect(rows.map((row) => [row.channel, row.nextAttemptAt])).toEqual([
      ["email", expect.any(Date)],
      ["sms", at("2030-03-05", 8)],
    ]);
    expect(rows[0]!.nextAttemptAt.getTime()).toBeLessThan(at("2030-03-05", 8).getTime());
  });

  it("queues no SMS that 08:00 would deliver after the day's cut-off", async () => {
    await remindAt(21, 8);
    const emailAndSms = await parent(["email", "sms"]);
    const smsOnly = await parent(["sms"], { email: false });
    expect(await sendOrderReminders(school, at("2030-03-04", 21, 30))).toBeGreaterThan(0);
    expect(await channelsOf(emailAndSms.id, "reminders")).toEqual(["email"]);
    // Nothing would reach this parent in time: the day is not claimed for it either.
    expect(await channelsOf(smsOnly.id, "reminders")).toEqual([]);
    const db = await testDb();
    expect(await db.orderReminder.count({ where: { userId: smsOnly.id } })).toBe(0);
  });
});
