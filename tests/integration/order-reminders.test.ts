import { beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as unsubscribe from "@/app/api/reminders/unsubscribe/route";
import * as reminders from "@/app/api/settings/reminders/route";
import type { ReminderSettingsDto } from "@/lib/contracts/settings";
import type { SchoolContext } from "@/lib/contracts/schools";
import { defaultSchool, key, testDb } from "@/tests/support/school";
import { sendOrderReminders } from "@/lib/reminders/order-reminders";
import { unsubscribeLink } from "@/lib/reminders/unsubscribe-token";
import { activeCycle, addMenuItem, addStudent, uniqueName } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { callers, signedInAdmin } from "@/tests/support/money-admin-fixtures";

// Order reminders before the cut-off (issue 19): the settings, who gets one (and who not), at
// most one per account and day however many sweeps run at once, the opt-out and the signed link.

// A two-week cycle from Monday 4 March 2030; Wednesday of week 1 is blocked. Lusaka is UTC+2.
const START = "2030-03-04";
const at = (isoDate: string, hour: number) =>
  new Date(`${isoDate}T${String(hour - 2).padStart(2, "0")}:00:00Z`);
const MONDAY_EVENING = at("2030-03-04", 18);

let school: SchoolContext;
let settingsAdmin: Browser;
let cycleId: number;
let mealId: number;

const getSettings = (browser: Browser) =>
  browser.call<ReminderSettingsDto>(reminders.GET, "GET", "/api/settings/reminders");
const saveSettings = (browser: Browser, body: unknown) =>
  browser.call<ReminderSettingsDto>(reminders.POST, "POST", "/api/settings/reminders", { body });

type AccountOptions = {
  role?: "parent" | "teacher" | "admin";
  email?: boolean;
  orderReminders?: boolean;
  children?: string[];
};

async function account({
  role = "parent",
  email = true,
  orderReminders = true,
  children = ["Chipo"],
}: AccountOptions = {}) {
  const db = await testDb();
  const username = uniqueName(`remind.${role}.`);
  const user = await db.user.create({
    data: {
      username,
      usernameKey: username,
      passwordHash: "x",
      name: `Name ${username}`,
      role,
      orderReminders,
      ...(email ? { email: `${username}@example.com` } : {}),
    },
  });
  const students = [];
  for (const child of children) students.push(await addStudent(user.id, child, "3"));
  return { ...user, students, address: `${username}@example.com` };
}

async function order(
  userId: number,
  studentId: number,
  status: "pending" | "completed" | "cancelled" = "pending",
  dayOfWeek = 2,
) {
  const db = await testDb();
  await db.order.create({
    data: {
      userId,
      studentId,
      menuItemId: mealId,
      cycleId,
      weekNumber: 1,
      dayOfWeek,
      originalPrice: "40.00",
      discountedPrice: "40.00",
      status,
    },
  });
}

async function mailTo(address: string) {
  const db = await testDb();
  return db.emailOutbox.findMany({ where: { to: address } });
}

beforeAll(async () => {
  school = await defaultSchool();
  settingsAdmin = await signedInAdmin(["settings"]);
  cycleId = (
    await activeCycle({
      startDate: START,
      cycleLength: 2,
      blockedDays: [{ weekNumber: 1, dayOfWeek: 3 }],
    })
  ).id;
  mealId = (await addMenuItem()).id;
});

beforeEach(async () => {
  const db = await testDb();
  await db.orderReminder.deleteMany();
  await db.emailOutbox.deleteMany();
  expect((await saveSettings(settingsAdmin, { enabled: true, hour: 17, minute: 0 })).status).toBe(
    200,
  );
});

describe("GET/POST /api/settings/reminders", () => {
  it.each(callers("settings"))("GET answers %s", async (_who, browserFor, expected) => {
    const answer = await getSettings(await browserFor());
    expect(answer.status).toBe(expected === "allowed" ? 200 : expected);
  });

  it.each(callers("settings"))("POST answers %s", async (_who, browserFor, expected) => {
    const answer = await saveSettings(await browserFor(), { enabled: true, hour: 16, minute: 30 });
    expect(answer.status).toBe(expected === "allowed" ? 200 : expected);
  });

  it("is off at 17:00 until the school saves one, then answers what was saved", async () => {
    const db = await testDb();
    await db.setting.deleteMany({ where: { key: "order-reminders" } });
    expect((await getSettings(settingsAdmin)).body).toEqual({
      enabled: false,
      hour: 17,
      minute: 0,
    });
    const saved = await saveSettings(settingsAdmin, { enabled: true, hour: 15, minute: 45 });
    expect(saved.body).toEqual({ enabled: true, hour: 15, minute: 45 });
    expect((await getSettings(settingsAdmin)).body).toEqual(saved.body);
  });

  it.each([
    [{ enabled: true, hour: 24, minute: 0 }, "Hour must be between 0 and 23"],
    [{ enabled: true, hour: 9, minute: 60 }, "Minute must be between 0 and 59"],
    [{ hour: 9, minute: 0 }, "Reminders must be on or off"],
  ])("refuses %j with 422 and changes nothing", async (body, message) => {
    const answer = await saveSettings(settingsAdmin, body);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message });
    expect((await getSettings(settingsAdmin)).body).toEqual({ enabled: true, hour: 17, minute: 0 });
  });
});

describe("the reminder sweep", () => {
  it("reminds a parent of every child without a live order for tomorrow, once", async () => {
    const parent = await account({ children: ["Chipo", "Mwila", "Bwalya"] });
    await order(parent.id, parent.students[0]!.id, "pending");
    await order(parent.id, parent.students[1]!.id, "cancelled");
    await sendOrderReminders(school, MONDAY_EVENING);
    const [mail, ...more] = await mailTo(parent.address);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe("Order lunch for Tuesday 5 March 2030");
    expect(mail?.text).toContain("for: Bwalya, Mwila.");
    expect(mail?.text).not.toContain("Chipo");
    expect(mail?.text).toContain("close at 08:00");
    expect(mail?.text).toContain("http://localhost:3000/");
    expect(mail?.text).toContain(unsubscribeLink(school, parent.id));
    await sendOrderReminders(school, at("2030-03-04", 21));
    expect(await mailTo(parent.address)).toHaveLength(1);
  });

  it("reminds a teacher whose staff record has no order", async () => {
    const teacher = await account({ role: "teacher", children: ["Mr Banda"] });
    await sendOrderReminders(school, MONDAY_EVENING);
    expect(await mailTo(teacher.address)).toHaveLength(1);
  });

  it("leaves out accounts with everything ordered, no e-mail, no children, opted out, or admins", async () => {
    const ordered = await account({ children: ["Chipo"] });
    await order(ordered.id, ordered.students[0]!.id, "completed");
    const noEmail = await account({ email: false });
    const noChildren = await account({ children: [] });
    const optedOut = await account({ orderReminders: false });
    const admin = await account({ role: "admin" });
    const reminded = await account();
    await sendOrderReminders(school, MONDAY_EVENING);
    for (const quiet of [ordered, noEmail, noChildren, optedOut, admin]) {
      expect(await mailTo(quiet.address)).toHaveLength(0);
    }
    expect(await mailTo(reminded.address)).toHaveLength(1);
  });

  it.each([
    ["before the reminder time", at("2030-03-04", 16)],
    ["the day before a blocked day", at("2030-03-05", 18)],
    ["on a Friday (no school on Saturday)", at("2030-03-08", 18)],
    ["the day before the cycle's end has passed", at("2030-03-17", 18)],
    ["long before the cycle", at("2030-02-10", 18)],
  ])("sends none %s", async (_when, now) => {
    const parent = await account();
    expect(await sendOrderReminders(school, now)).toBe(0);
    expect(await mailTo(parent.address)).toHaveLength(0);
  });

  it("sends on Sunday for the cycle's first Monday", async () => {
    const parent = await account();
    await sendOrderReminders(school, at("2030-03-03", 18));
    expect((await mailTo(parent.address))[0]?.subject).toBe("Order lunch for Monday 4 March 2030");
  });

  it("sends none while reminders are off", async () => {
    await saveSettings(settingsAdmin, { enabled: false, hour: 17, minute: 0 });
    const parent = await account();
    expect(await sendOrderReminders(school, MONDAY_EVENING)).toBe(0);
    expect(await mailTo(parent.address)).toHaveLength(0);
  });

  it("sends each account at most one reminder when two instances sweep at once", async () => {
    const parents = [await account(), await account(), await account()];
    const counts = await Promise.all([
      sendOrderReminders(school, MONDAY_EVENING),
      sendOrderReminders(school, MONDAY_EVENING),
      sendOrderReminders(school, MONDAY_EVENING),
    ]);
    for (const parent of parents) expect(await mailTo(parent.address)).toHaveLength(1);
    const db = await testDb();
    expect(counts.reduce((a, b) => a + b, 0)).toBe(await db.emailOutbox.count());
    expect(await db.orderReminder.count()).toBe(await db.emailOutbox.count());
  });
});

describe("GET /api/reminders/unsubscribe", () => {
  const open = (query: Record<string, string>) =>
    new Browser().call<string>(unsubscribe.GET, "GET", "/api/reminders/unsubscribe", { query });

  it("turns reminders off with the signed link, without signing in, and the sweep skips it", async () => {
    const parent = await account();
    const link = new URL(unsubscribeLink(school, parent.id));
    const answer = await open(Object.fromEntries(link.searchParams));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/html");
    expect(answer.body).toContain("Order reminders are off");
    const db = await testDb();
    expect((await db.user.findUniqueOrThrow({ where: key(parent.id) })).orderReminders).toBe(false);
    // A second click changes nothing and says the same.
    expect((await open(Object.fromEntries(link.searchParams))).status).toBe(200);
    await sendOrderReminders(school, MONDAY_EVENING);
    expect(await mailTo(parent.address)).toHaveLength(0);
  });

  it("refuses a link signed for another account, a bad signature or a missing one", async () => {
    const parent = await account();
    const other = await account();
    const token = new URL(unsubscribeLink(school, other.id)).searchParams.get("t")!;
    for (const query of <Record<string, string>[]>[
      { u: String(parent.id), t: token },
      { u: String(parent.id), t: "nonsense" },
      { u: String(parent.id) },
      { u: "abc", t: token },
    ]) {
      const answer = await open(query);
      expect(answer.status).toBe(400);
      expect(answer.body).toContain("This link is not valid");
    }
    const db = await testDb();
    expect((await db.user.findUniqueOrThrow({ where: key(parent.id) })).orderReminders).toBe(true);
  });
});
