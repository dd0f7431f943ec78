import { afterEach, describe, expect, it, jest } from "@jest/globals";
import * as orders from "@/app/api/orders/route";
import * as communication from "@/app/api/settings/communication/route";
import * as cutoffTime from "@/app/api/settings/cutoff-time/route";
import * as mobileMoney from "@/app/api/settings/mobile-money/route";
import * as paymentBypass from "@/app/api/settings/payment-bypass/route";
import * as userSearch from "@/app/api/users/search/route";
import type { PaymentBypassSettingsDto } from "@/lib/contracts/settings";
import { testDb } from "@/tests/support/school";
import { addDaysIso, mondayOf, schoolToday } from "@/lib/school-calendar";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  giveDiscountCode,
  signedUpParent,
} from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import {
  accountSignedIn,
  ADMIN_FEATURE_CALLERS,
  browserFor,
  type Caller,
} from "@/tests/support/settings-fixtures";
import { freezeClock } from "@/tests/support/frozen-clock";

// The Settings section's server calls (spec 001 §3, §5, §7): who may write, what is refused, what
// is saved and audited, and that parents keep reading the settings they use (spec 000 §7).

const superadmin = () => browserFor("superadmin", "settings");

async function settingRow(key: string) {
  const db = await testDb();
  return (
    (await db.setting.findUnique({ where: { schoolId_key: { schoolId: 1, key } } }))?.value ?? null
  );
}

async function lastAudit(entityId: string) {
  const db = await testDb();
  return db.auditLog.findFirst({
    where: { entity: "Setting", entityId },
    orderBy: { id: "desc" },
  });
}

const bypass: PaymentBypassSettingsDto = {
  enabled: true,
  airtelMoney: { name: "Canteen Airtel", number: "+260 97 111 1111" },
  mtnMoney: { name: "Canteen MTN", number: "+260 96 222 2222" },
  bankTransfer: {
    bankName: "Zanaco",
    accountName: "School Canteen",
    accountNumber: "0123456789",
    branchName: "Cairo Road",
    swiftCode: "ZNCOZMLU",
  },
};

const writes = [
  ["/api/settings/cutoff-time", cutoffTime.POST, { hour: 8, minute: 0 }],
  ["/api/settings/payment-bypass", paymentBypass.POST, { enabled: false }],
  ["/api/settings/communication", communication.POST, { supportEmail: "", whatsappNumber: "" }],
  [
    "/api/settings/mobile-money",
    mobileMoney.POST,
    { enabled: false, operators: { airtel: false, mtn: false } },
  ],
] as const;

describe("who may save settings", () => {
  describe.each(writes)("POST %s", (path, handler, body) => {
    it.each(ADMIN_FEATURE_CALLERS)("%s → %i", async (caller, status) => {
      const browser = await browserFor(caller, "settings");
      const answer = await browser.call(handler, "POST", path, { body });
      expect(answer.status).toBe(status);
    });
  });
});

describe("who may read the settings parents use", () => {
  const reads = [
    ["/api/settings/cutoff-time", cutoffTime.GET],
    ["/api/settings/payment-bypass", paymentBypass.GET],
    ["/api/settings/communication", communication.GET],
    ["/api/settings/mobile-money", mobileMoney.GET],
  ] as const;
  const table: [Caller, number][] = [
    ["parent", 200],
    ["teacher", 200],
    ["admin without it", 200],
    ["admin with the feature", 200],
    ["signed out", 401],
  ];
  describe.each(reads)("GET %s", (path, handler) => {
    it.each(table)("%s → %i", async (caller, status) => {
      const browser = await browserFor(caller, "settings");
      expect((await browser.call(handler, "GET", path)).status).toBe(status);
    });
  });
});

describe("POST /api/settings/cutoff-time", () => {
  it("saves hour and minute, answers them as cutoffHour/cutoffMinute and audits before and after", async () => {
    const admin = await superadmin();
    await admin.call(cutoffTime.POST, "POST", "/api/settings/cutoff-time", {
      body: { hour: 8, minute: 0 },
    });
    const answer = await admin.call(cutoffTime.POST, "POST", "/api/settings/cutoff-time", {
      body: { hour: 9, minute: 45 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ cutoffHour: 9, cutoffMinute: 45 });
    const parent = await signedUpParent();
    const read = await parent.browser.call(cutoffTime.GET, "GET", "/api/settings/cutoff-time");
    expect(read.body).toEqual({ cutoffHour: 9, cutoffMinute: 45 });
    const audit = await lastAudit("cutoff-time");
    expect(audit?.action).toBe("setting.cutoff-time");
    expect(audit?.details).toEqual({
      before: { cutoffHour: 8, cutoffMinute: 0 },
      after: { cutoffHour: 9, cutoffMinute: 45 },
    });
  });

  it.each([
    [{ hour: 24, minute: 0 }, "Hour must be between 0 and 23"],
    [{ hour: -1, minute: 0 }, "Hour must be between 0 and 23"],
    [{ hour: 7.5, minute: 0 }, "Hour must be between 0 and 23"],
    [{ hour: "8", minute: 0 }, "Hour must be between 0 and 23"],
    [{ minute: 0 }, "Hour must be between 0 and 23"],
    [{ hour: 8, minute: 60 }, "Minute must be between 0 and 59"],
    [{ hour: 8, minute: -5 }, "Minute must be between 0 and 59"],
    [{ hour: 8 }, "Minute must be between 0 and 59"],
  ])("refuses %j with 422 and changes nothing", async (body, message) => {
    const admin = await superadmin();
    const before = await settingRow("cutoff-time");
    const answer = await admin.call(cutoffTime.POST, "POST", "/api/settings/cutoff-time", {
      body,
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message, error: message });
    expect(await settingRow("cutoff-time")).toEqual(before);
  });
});

describe("a saved cut-off applies to the very next order check", () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it("closes and reopens today for ordering as the admin moves the cut-off", async () => {
    const start = addDaysIso(mondayOf(schoolToday("Africa/Lusaka")), 7);
    await activeCycle({ startDate: start });
    const item = await addMenuItem();
    const parent = await signedUpParent();
    const first = await addStudent(parent.id, "Bwalya", "3");
    const second = await addStudent(parent.id, "Mutale", "4");
    await giveDiscountCode(parent.id, 100);
    const order = (studentId: number) =>
      parent.browser.call(orders.POST, "POST", "/api/orders", {
        body: [
          {
            menuItemId: item.id,
            studentId,
            weekNumber: 1,
            dayOfWeek: 3,
            category: "chicken",
            sideDish: "Rice",
            comments: "",
          },
        ],
      });
    const setCutoff = (hour: number, minute: number) =>
      admin.call(cutoffTime.POST, "POST", "/api/settings/cutoff-time", { body: { hour, minute } });

    // Only the clock moves: it is 09:00 in Lusaka on the cycle's first Wednesday.
    const wednesday = addDaysIso(start, 2);
    freezeClock(new Date(`${wednesday}T09:00:00+02:00`), { advanceTimers: true });
    // The admin signs in on that day: an admin's session lasts 24 hours at most.
    const admin = await superadmin();

    expect((await setCutoff(8, 0)).status).toBe(200);
    const closed = await order(first.id);
    expect(closed.status).toBe(422);
    expect(String(closed.body.message)).toMatch(/^School Closed/);

    expect((await setCutoff(10, 30)).status).toBe(200);
    expect((await order(first.id)).status).toBe(200);

    expect((await setCutoff(9, 0)).status).toBe(200);
    const closedAgain = await order(second.id);
    expect(closedAgain.status).toBe(422);
    expect(String(closedAgain.body.message)).toMatch(/^School Closed/);
  });
});

describe("POST /api/settings/payment-bypass", () => {
  it("saves the methods trimmed, answers them, and parents read them", async () => {
    const admin = await superadmin();
    const answer = await admin.call(paymentBypass.POST, "POST", "/api/settings/payment-bypass", {
      body: {
        ...bypass,
        airtelMoney: { name: "  Canteen Airtel ", number: " +260 97 111 1111 " },
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(bypass);
    const parent = await signedUpParent();
    const read = await parent.browser.call(
      paymentBypass.GET,
      "GET",
      "/api/settings/payment-bypass",
    );
    expect(read.body).toEqual(bypass);
    const audit = await lastAudit("payment-bypass");
    expect(audit?.details).toMatchObject({ after: bypass });
  });

  it("fills the methods left out with empty text", async () => {
    const admin = await superadmin();
    const answer = await admin.call(paymentBypass.POST, "POST", "/api/settings/payment-bypass", {
      body: { enabled: false },
    });
    expect(answer.body).toEqual({
      enabled: false,
      airtelMoney: { name: "", number: "" },
      mtnMoney: { name: "", number: "" },
      bankTransfer: {
        bankName: "",
        accountName: "",
        accountNumber: "",
        branchName: "",
        swiftCode: "",
      },
    });
  });

  it.each([
    [{ airtelMoney: { name: "x".repeat(101), number: "" } }, "at most 100 characters"],
    [
      { bankTransfer: { ...bypass.bankTransfer, swiftCode: "S".repeat(21) } },
      "at most 20 characters",
    ],
    [{ enabled: "yes" }, "Enabled must be true or false"],
    [{ mtnMoney: { name: 5, number: "" } }, "MTN Money account name must be text"],
  ])("refuses %j with 422 and changes nothing", async (change, message) => {
    const admin = await superadmin();
    const before = await settingRow("payment-bypass");
    const answer = await admin.call(paymentBypass.POST, "POST", "/api/settings/payment-bypass", {
      body: { ...bypass, ...change },
    });
    expect(answer.status).toBe(422);
    expect(String(answer.body.message)).toContain(message);
    expect(await settingRow("payment-bypass")).toEqual(before);
  });
});

describe("POST /api/settings/mobile-money", () => {
  it("is off until saved; saves the switches, audits them, and parents read them with the wait", async () => {
    const parent = await signedUpParent();
    await (await testDb()).setting.deleteMany({ where: { key: "mobile-money" } });
    const before = await parent.browser.call(mobileMoney.GET, "GET", "/api/settings/mobile-money");
    expect(before.body).toEqual({
      enabled: false,
      operators: { airtel: false, mtn: false },
      waitSeconds: 180,
    });
    const admin = await superadmin();
    const body = { enabled: true, operators: { airtel: false, mtn: true } };
    const answer = await admin.call(mobileMoney.POST, "POST", "/api/settings/mobile-money", {
      body,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...body, waitSeconds: 180 });
    const read = await parent.browser.call(mobileMoney.GET, "GET", "/api/settings/mobile-money");
    expect(read.body).toEqual({ ...body, waitSeconds: 180 });
    expect((await lastAudit("mobile-money"))?.details).toMatchObject({ after: body });
  });

  it.each([
    [{ enabled: true, operators: { airtel: false, mtn: false } }, "Choose at least one operator"],
    [{ enabled: "on", operators: { airtel: true, mtn: true } }, "Enabled must be true or false"],
    [{ enabled: true }, "Operators must say airtel and mtn"],
    [{ enabled: true, operators: { airtel: 1, mtn: true } }, "Airtel must be true or false"],
  ])("refuses %j with 422 and changes nothing", async (body, message) => {
    const admin = await superadmin();
    const before = await settingRow("mobile-money");
    const answer = await admin.call(mobileMoney.POST, "POST", "/api/settings/mobile-money", {
      body,
    });
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toContain(message);
    expect(await settingRow("mobile-money")).toEqual(before);
  });
});

describe("POST /api/settings/communication", () => {
  it("saves the support e-mail and WhatsApp number trimmed, and parents read them", async () => {
    const admin = await superadmin();
    const answer = await admin.call(communication.POST, "POST", "/api/settings/communication", {
      body: { supportEmail: " canteen@school.zm ", whatsappNumber: " +260 97 123 4567 " },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      supportEmail: "canteen@school.zm",
      whatsappNumber: "+260 97 123 4567",
    });
    const parent = await signedUpParent();
    const read = await parent.browser.call(communication.GET, "GET", "/api/settings/communication");
    expect(read.body).toEqual(answer.body);
    expect((await lastAudit("communication"))?.details).toMatchObject({ after: answer.body });
  });

  it("accepts an empty support e-mail", async () => {
    const admin = await superadmin();
    const answer = await admin.call(communication.POST, "POST", "/api/settings/communication", {
      body: { supportEmail: "", whatsappNumber: "" },
    });
    expect(answer.status).toBe(200);
    expect(await settingRow("communication")).toEqual({ supportEmail: "", whatsappNumber: "" });
  });

  it.each([
    [{ supportEmail: "not-an-email" }, "Please enter a valid email address"],
    [{ supportEmail: "a@b" }, "Please enter a valid email address"],
    [{ whatsappNumber: "9".repeat(31) }, "WhatsApp number must be at most 30 characters"],
  ])("refuses %j with 422 and changes nothing", async (change, message) => {
    const admin = await superadmin();
    await admin.call(communication.POST, "POST", "/api/settings/communication", {
      body: { supportEmail: "office@school.zm", whatsappNumber: "+260971234567" },
    });
    const answer = await admin.call(communication.POST, "POST", "/api/settings/communication", {
      body: { supportEmail: "office@school.zm", whatsappNumber: "+260971234567", ...change },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message });
    expect(await settingRow("communication")).toEqual({
      supportEmail: "office@school.zm",
      whatsappNumber: "+260971234567",
    });
  });
});

describe("GET /api/users/search", () => {
  const search = (browser: Browser, q: string) =>
    browser.call<{ data: { id: number; username: string }[] }>(
      userSearch.GET,
      "GET",
      "/api/users/search",
      { query: { q } },
    );

  it.each(ADMIN_FEATURE_CALLERS)("%s → %i", async (caller, status) => {
    const browser = await browserFor(caller, "settings");
    expect((await search(browser, "zz")).status).toBe(status);
  });

  it.each(["", "a", " b ", "   "])("refuses %j (under 2 characters after trimming)", async (q) => {
    const admin = await superadmin();
    const answer = await search(admin, q);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      message: "Please enter at least 2 characters to search",
    });
  });

  it("finds parents and teachers by username, name or e-mail in any case, never admins", async () => {
    const admin = await superadmin();
    const byName = await accountSignedIn("parent", [], { name: "Natasha Mwansa" });
    const byEmail = await accountSignedIn("teacher", [], { email: "MWANSA.k@school.zm" });
    await accountSignedIn("admin", ["settings"], { name: "Admin Mwansa" });
    const answer = await search(admin, "  mWaNsA ");
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((u) => u.id).sort()).toEqual([byName.id, byEmail.id].sort());
    expect(answer.body.data[0]).toEqual({ id: expect.any(Number), username: expect.any(String) });

    const byUsername = await search(admin, byName.username.toUpperCase().slice(0, 10));
    expect(byUsername.body.data.map((u) => u.id)).toContain(byName.id);
  });

  it("answers at most 20 users", async () => {
    const admin = await superadmin();
    const db = await testDb();
    await db.user.createMany({
      data: Array.from({ length: 25 }, (_, i) => ({
        username: `crowd${i}`,
        usernameKey: `crowd${i}`,
        passwordHash: "x",
        name: `Crowd Member ${i}`,
      })),
    });
    const answer = await search(admin, "crowd");
    expect(answer.body.data).toHaveLength(20);
  });
});
