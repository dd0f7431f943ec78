import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as create from "@/app/api/payments/create/route";
import * as topUpRoute from "@/app/api/account/top-up/route";
import * as wallet from "@/app/api/account/wallet/route";
import * as mobileSettings from "@/app/api/settings/mobile-money/route";
import type { SchoolContext } from "@/lib/contracts/schools";
import { observeQueries } from "@/lib/db";
import { fitsOneSms } from "@/lib/messaging/gsm7";
import { smsDay } from "@/lib/messaging/templates/fit";
import { cycleDayDate, toIsoDate } from "@/lib/school-calendar";
import { closeDayCall, giveCredit, orderOn, placeOrders } from "@/tests/support/credit-fixtures";
import { cashierOnly, counterItem, sell } from "@/tests/support/counter-fixtures";
import { createdXml, paidXml, startFakeDpoProvider } from "@/tests/support/fake-dpo";
import { activeCycle, addMenuItem, signedInSuperadmin } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import {
  channelsOf,
  outboxOf,
  PHONE,
  phoneParent,
  configureMessagingEnv,
  type Choice,
  type OutboxRow,
  type PhoneParent,
} from "@/tests/support/message-kinds-fixtures";
import { verifyCall } from "@/tests/support/payment-fixtures";
import { defaultSchool, testDb } from "@/tests/support/school";

// Issue 48, "What is sent": each kind of message through the real handlers, on each channel the
// parent chose, with SMS and WhatsApp configured for this file. E-mail and SMS chosen: both rows;
// WhatsApp chosen with SMS: only the WhatsApp row (its SMS is the fallback); a channel not chosen,
// not proven or not offered: no row. Every SMS is one GSM-7 message with its facts; every WhatsApp
// row carries its approved template and parameters. Nothing is sent here: the outbox is read.
const fake = await startFakeDpoProvider();
configureMessagingEnv();

const EMAIL_AND_SMS: Choice = {
  payments: ["email", "sms"],
  closures: ["email", "sms"],
  lowBalance: ["email", "sms"],
  counter: ["email", "sms"],
};
const SMS_AND_WHATSAPP: Choice = {
  payments: ["sms", "whatsapp"],
  closures: ["sms", "whatsapp"],
  lowBalance: ["sms", "whatsapp"],
  counter: ["sms", "whatsapp"],
};
const EMAIL_ONLY: Choice = {
  payments: ["email"],
  closures: ["email"],
  lowBalance: ["email"],
  counter: ["email"],
};

let school: SchoolContext;
let admin: Browser;
let cycle: { id: number; startDate: Date };
let meal: { id: number };
let tokens = 0;
let week = 0;

beforeAll(async () => {
  school = await defaultSchool();
  admin = await signedInSuperadmin();
  cycle = await activeCycle({ cycleLength: 10 });
  meal = await addMenuItem({
    price: "45.50",
    categories: [],
    sideDishes: [],
    weekNumbers: Array.from({ length: 10 }, (_, n) => n + 1),
  });
  const mobile = await admin.call(mobileSettings.POST, "POST", "/api/settings/mobile-money", {
    body: { enabled: true, operators: { airtel: true, mtn: true } },
  });
  expect(mobile.status).toBe(200);
});
beforeEach(() => {
  fake.reset();
  fake.onCreateToken(() => createdXml(`KTOKEN-${++tokens}`));
});
afterAll(async () => fake.stop());

const dayOf = (weekNumber: number, dayOfWeek: number) =>
  cycleDayDate(toIsoDate(cycle.startDate), weekNumber, dayOfWeek);
const line = (p: PhoneParent, weekNumber: number, dayOfWeek: number) => ({
  menuItemId: meal.id,
  studentId: p.child.id,
  weekNumber,
  dayOfWeek,
});

/** A parent of each choice, in the order EMAIL_AND_SMS, SMS_AND_WHATSAPP, EMAIL_ONLY. */
const threeParents = (options: Parameters<typeof phoneParent>[1] = {}) =>
  Promise.all([EMAIL_AND_SMS, SMS_AND_WHATSAPP, EMAIL_ONLY].map((c) => phoneParent(c, options)));

/** The SMS row: to the proven phone, one GSM-7 message, with each fact. */
function expectSms(row: OutboxRow | undefined, facts: string[]) {
  expect(row).toMatchObject({ channel: "sms", to: PHONE, template: null });
  expect(fitsOneSms(row!.text)).toBe(true);
  for (const fact of facts) expect(row!.text).toContain(fact);
}

/** The WhatsApp row: its template and parameters, and the SMS wording kept for its fallback. */
function expectWhatsApp(row: OutboxRow | undefined, name: string, params: string[]) {
  expect(row).toMatchObject({ channel: "whatsapp", to: PHONE, template: { name, params } });
  expect(fitsOneSms(row!.text)).toBe(true);
}

/** The three parents' rows of `kind`: e-mail and SMS; WhatsApp alone; e-mail alone. */
async function expectChannels(parents: PhoneParent[], kind: Parameters<typeof channelsOf>[1]) {
  expect(await Promise.all(parents.map((p) => channelsOf(p.id, kind)))).toEqual([
    ["email", "sms"],
    ["whatsapp"],
    ["email"],
  ]);
}

async function payByCard(p: PhoneParent, weekNumber: number, method: "CC" | "MOBILE" = "CC") {
  const started = await p.browser.call<{ TransToken: string }>(
    create.POST,
    "POST",
    "/api/payments/create",
    {
      body: {
        amount: "45.50",
        currency: "ZMW",
        ...(method === "MOBILE" && { paymentMethod: "MOBILE", mobileNumber: "0977 123 456" }),
        cartItems: [line(p, weekNumber, 2)],
      },
    },
  );
  expect(started.status).toBe(200);
  fake.onVerifyToken(() => paidXml("45.50", "ZMW"));
  const verified = await verifyCall(p, started.body.TransToken);
  expect(verified.body.success).toBe(true);
}

describe("payment confirmations", () => {
  it.each([
    ["card", "CC", "card"],
    ["mobile money", "MOBILE", "Airtel Money"],
  ] as const)("by %s go to each chosen channel", async (_name, method, paidBy) => {
    const parents = await threeParents();
    const weekNumber = ++week;
    for (const p of parents) await payByCard(p, weekNumber, method);
    await expectChannels(parents, "payments");
    const day = smsDay(dayOf(weekNumber, 2));
    const [withSms, withWhatsApp, emailOnly] = await Promise.all(
      parents.map((p) => outboxOf(p.id, "payments")),
    );
    // The e-mail is the order confirmation as before.
    expect(withSms![0]).toMatchObject({ channel: "email", subject: "Order confirmation: 1 meal" });
    expect(withSms![0]!.to).toBe(parents[0]!.email);
    expect(emailOnly![0]!.subject).toBe("Order confirmation: 1 meal");
    expectSms(withSms![1], ["K45.50", day, "Chilufya Mwansa-Mulenga", `by ${paidBy}`]);
    expectWhatsApp(withWhatsApp![0], "payment_confirmed", [
      school.name,
      "1 lunch",
      "Chilufya Mwansa-Mulenga",
      day,
      "K45.50",
      paidBy,
    ]);
  });

  /** The outbox runs that earlier orders kicked have let go of their rows (none is sending). */
  async function outboxRunsSettled() {
    const db = await testDb();
    let quiet = 0;
    for (let tries = 0; tries < 200 && quiet < 3; tries += 1) {
      const sending = await db.emailOutbox.count({
        where: { schoolId: school.id, lockedUntil: { gt: new Date() } },
      });
      quiet = sending === 0 ? quiet + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("paid by wallet credit go to each chosen channel, with no read more than before", async () => {
    const parents = await threeParents();
    const weekNumber = ++week;
    // A first cart loads what the instance keeps in memory (the menu, the settings).
    const warm = await phoneParent(EMAIL_ONLY);
    await giveCredit(warm.id, "100.00");
    expect((await placeOrders(warm.browser, [line(warm, weekNumber, 1)])).status).toBe(200);
    const counts: number[] = [];
    for (const p of parents) {
      await giveCredit(p.id, "100.00");
      await outboxRunsSettled();
      const statements: string[] = [];
      const stop = observeQueries((sql) => statements.push(sql));
      const answer = await placeOrders(p.browser, [line(p, weekNumber, 3)]);
      stop();
      expect(answer.status).toBe(200);
      // The outbox's own run, kicked once an order committed, may still overlap: its claim and
      // outcome (the checkout only inserts into the outbox), its reads of the school, its hosts
      // and its settings (the checkout has them cached; the hosts' cache refreshes on its own
      // clock) and of the cache's versions (the checkout reads them once) are not the checkout's.
      let versions = 0;
      const checkout = statements.filter((sql) => {
        if (/^(-- Implicit ")?(BEGIN|COMMIT|ROLLBACK)\b/i.test(sql.trim())) return false;
        if (/"(EmailOutbox|Setting|School|SchoolHost)"/.test(sql) && !/^\s*INSERT/i.test(sql))
          return false;
        if (/FROM "CacheVersion"/.test(sql)) return ++versions === 1;
        return true;
      });
      counts.push(checkout.length);
    }
    await expectChannels(parents, "payments");
    const day = smsDay(dayOf(weekNumber, 3));
    expectSms((await outboxOf(parents[0]!.id, "payments"))[1], ["K45.50", day, "wallet credit"]);
    expectWhatsApp((await outboxOf(parents[1]!.id, "payments"))[0], "payment_confirmed", [
      school.name,
      "1 lunch",
      "Chilufya Mwansa-Mulenga",
      day,
      "K45.50",
      "wallet credit",
    ]);
    // The credit checkout's 7 statements (tests/integration/credit.test.ts), whatever the number
    // of channels: the parent's choice came with the account's lock, the channels with the cart's
    // check, and the rows of every channel go in one insert.
    expect(counts).toEqual([7, 7, 7]);
  });

  it("of a top-up go to each chosen channel with the wallet's balance", async () => {
    const parents = await threeParents();
    for (const p of parents) {
      await giveCredit(p.id, "10.00");
      const started = await p.browser.call<{ TransToken: string }>(
        topUpRoute.POST,
        "POST",
        "/api/account/top-up",
        { body: { amount: "200", paymentMethod: "MOBILE", mobileNumber: "0961 234 567" } },
      );
      expect(started.status).toBe(200);
      fake.onVerifyToken(() => paidXml("200.00", "ZMW"));
      expect((await verifyCall(p, started.body.TransToken)).body.success).toBe(true);
    }
    await expectChannels(parents, "payments");
    const [withSms, withWhatsApp] = await Promise.all(
      parents.map((p) => outboxOf(p.id, "payments")),
    );
    expect(withSms![0]!.subject).toMatch(/^Top-up received: K\s?200\.00$/);
    expectSms(withSms![1], ["K200.00", "MTN MoMo", "Balance: K210.00"]);
    expectWhatsApp(withWhatsApp![0], "topup_confirmed", [
      school.name,
      "K200.00",
      "MTN MoMo",
      "K210.00",
    ]);
  });

  it("follow the defaults without a saved choice: e-mail and, once the phone is proven, SMS", async () => {
    const proven = await phoneParent(null);
    const unproven = await phoneParent(null, { phone: false });
    const weekNumber = ++week;
    await payByCard(proven, weekNumber);
    await payByCard(unproven, weekNumber);
    expect(await channelsOf(proven.id, "payments")).toEqual(["email", "sms"]);
    expect(await channelsOf(unproven.id, "payments")).toEqual(["email"]);
  });
});

describe("a closed day", () => {
  it("tells each family on its channels, with the credit it gave", async () => {
    const parents = await threeParents();
    const weekNumber = ++week;
    for (const p of parents) {
      await orderOn(
        cycle.id,
        meal.id,
        { userId: p.id, studentId: p.child.id },
        {
          weekNumber,
          dayOfWeek: 4,
        },
      );
    }
    const closed = await closeDayCall(admin, cycle.id, {
      weekNumber,
      dayOfWeek: 4,
      reason: "Staff training",
    });
    expect(closed.status).toBe(200);
    await expectChannels(parents, "closures");
    const day = smsDay(dayOf(weekNumber, 4));
    const [withSms, withWhatsApp] = await Promise.all(
      parents.map((p) => outboxOf(p.id, "closures")),
    );
    expect(withSms![0]!.subject).toMatch(/^No school meals on .*: your order is cancelled$/);
    expectSms(withSms![1], [day, "Staff training", "K45.50 added to your wallet"]);
    expectWhatsApp(withWhatsApp![0], "day_closed", [
      school.name,
      day,
      "Staff training",
      "Chilufya Mwansa-Mulenga",
      "K45.50",
    ]);
  });
});

describe("the wallet", () => {
  it("tells a parent whose spend went below the alert, on the chosen channels", async () => {
    const parents = await threeParents();
    const weekNumber = ++week;
    for (const p of parents) {
      await giveCredit(p.id, "60.00");
      const saved = await p.browser.call(wallet.PUT, "PUT", "/api/account/wallet", {
        body: { lowBalanceThreshold: "20.00" },
      });
      expect(saved.status).toBe(200);
      expect((await placeOrders(p.browser, [line(p, weekNumber, 5)])).status).toBe(200);
    }
    await expectChannels(parents, "lowBalance");
    expectSms((await outboxOf(parents[0]!.id, "lowBalance"))[1], ["K14.50", "K20.00"]);
    expectWhatsApp((await outboxOf(parents[1]!.id, "lowBalance"))[0], "low_balance", [
      school.name,
      "K14.50",
      "K20.00",
    ]);
  });

  it("tells a parent who asked of each counter purchase, on the chosen channels", async () => {
    const cashier = (await cashierOnly()).browser;
    const juice = await counterItem({ name: "Mango Juice", price: "6.50" });
    const crisps = await counterItem({ name: "Crisps", price: "3.00" });
    const parents = await threeParents({ counterReceipts: true, childName: "Mapalo Tembo" });
    const silent = await phoneParent(SMS_AND_WHATSAPP, { childName: "Mapalo Tembo" });
    for (const p of [...parents, silent]) {
      await giveCredit(p.id, "40.00");
      const sold = await sell(cashier, {
        studentId: p.child.id,
        items: [
          { menuItemId: juice.id, quantity: 2 },
          { menuItemId: crisps.id, quantity: 1 },
        ],
      });
      expect(sold.status).toBe(201);
    }
    await expectChannels(parents, "counter");
    // Counter purchases are the parent's to ask for (the wallet's switch): without it, nothing.
    expect(await channelsOf(silent.id, "counter")).toEqual([]);
    const [withSms, withWhatsApp] = await Promise.all(
      parents.map((p) => outboxOf(p.id, "counter")),
    );
    expect(withSms![0]!.subject).toMatch(/^Mapalo Tembo bought K\s?16\.00 at the counter$/);
    expectSms(withSms![1], ["Mapalo Tembo", "2 x Mango Juice, Crisps", "K16.00", "K24.00"]);
    expectWhatsApp(withWhatsApp![0], "counter_purchase", [
      school.name,
      "Mapalo Tembo",
      "2 x Mango Juice, Crisps",
      "K16.00",
      "K24.00",
    ]);
  });
});

describe("channels the school does not offer", () => {
  it("queue nothing: the school turned SMS and WhatsApp off", async () => {
    const db = await testDb();
    await db.setting.upsert({
      where: { schoolId_key: { schoolId: school.id, key: "messaging" } },
      create: { key: "messaging", value: { senderId: null, sms: false, whatsapp: false } },
      update: { value: { senderId: null, sms: false, whatsapp: false } },
    });
    try {
      const parents = await threeParents();
      // New families on the first week's Tuesday: the cycle's six weeks are taken by the others.
      const weekNumber = 1;
      for (const p of parents) await payByCard(p, weekNumber);
      expect(await Promise.all(parents.map((p) => channelsOf(p.id, "payments")))).toEqual([
        ["email"],
        [],
        ["email"],
      ]);
    } finally {
      await db.setting.delete({
        where: { schoolId_key: { schoolId: school.id, key: "messaging" } },
      });
    }
  });
});
