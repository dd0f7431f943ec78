import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import * as wallet from "@/app/api/account/wallet/route";
import { addDaysIso, schoolToday } from "@/lib/school-calendar";
import { closeDayCall, giveCredit, orderOn, placeOrders } from "@/tests/support/credit-fixtures";
import { cashierOnly, counterItem, sell } from "@/tests/support/counter-fixtures";
import { activeCycle, addMenuItem, signedInSuperadmin } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import {
  outboxOf,
  phoneParent,
  configureMessagingEnv,
  type Choice,
  type OutboxRow,
} from "@/tests/support/message-kinds-fixtures";
import { freezeClock } from "@/tests/support/frozen-clock";

// Issue 48's quiet hours with a moved clock: "nothing between 20:00 and 08:00 in the school's time
// zone except a confirmation of what the parent just did; the rest waits until 08:00." The clock
// (Date alone: the database, timers and the event loop run as ever) is 21:30 in Lusaka (UTC+2):
// a closed day's, and a low balance's, SMS and WhatsApp wait for 08:00 the next morning; the
// confirmation of a payment or a counter purchase goes now. E-mail is never held.
configureMessagingEnv();

const ZONE = "Africa/Lusaka";
const TODAY = schoolToday(ZONE);
/** 21:30 at the school today. */
const EVENING = new Date(`${TODAY}T19:30:00Z`);
/** 08:00 at the school tomorrow. */
const MORNING = new Date(`${addDaysIso(TODAY, 1)}T06:00:00Z`);

const CHOICE: Choice = {
  payments: ["email", "sms"],
  closures: ["email", "sms"],
  lowBalance: ["sms", "whatsapp"],
  counter: ["email", "whatsapp"],
};

let admin: Browser;
let cycle: { id: number; startDate: Date };
let meal: { id: number };

beforeAll(async () => {
  freezeClock(EVENING, { advanceTimers: true });
  admin = await signedInSuperadmin();
  cycle = await activeCycle();
  meal = await addMenuItem({ price: "45.50", categories: [], sideDishes: [] });
});
afterAll(() => {
  jest.useRealTimers();
});

/** The rows' channels, each with whether it waits for the morning (false: due this evening). */
const timing = (rows: OutboxRow[]) =>
  rows.map((row) => [
    row.channel,
    row.channel === "email" ? "any time" : row.nextAttemptAt.getTime() === MORNING.getTime(),
  ]);

describe("at 21:30 in the school's zone", () => {
  it("holds a closed day's SMS until 08:00 tomorrow, and sends the e-mail", async () => {
    // The moved clock (it runs on from 21:30 with real time).
    expect(new Date().getTime() - EVENING.getTime()).toBeLessThan(120_000);
    const p = await phoneParent(CHOICE);
    await orderOn(
      cycle.id,
      meal.id,
      { userId: p.id, studentId: p.child.id },
      {
        weekNumber: 2,
        dayOfWeek: 1,
      },
    );
    const closed = await closeDayCall(admin, cycle.id, {
      weekNumber: 2,
      dayOfWeek: 1,
      reason: "Staff training",
    });
    expect(closed.status).toBe(200);
    expect(timing(await outboxOf(p.id, "closures"))).toEqual([
      ["email", "any time"],
      ["sms", true],
    ]);
  });

  it("sends a payment's confirmation now, and holds the low balance it caused", async () => {
    const p = await phoneParent(CHOICE);
    await giveCredit(p.id, "60.00");
    const saved = await p.browser.call(wallet.PUT, "PUT", "/api/account/wallet", {
      body: { lowBalanceThreshold: "20.00" },
    });
    expect(saved.status).toBe(200);
    const before = Date.now();
    const placed = await placeOrders(p.browser, [
      { menuItemId: meal.id, studentId: p.child.id, weekNumber: 2, dayOfWeek: 3 },
    ]);
    expect(placed.status).toBe(200);
    const [mail, sms] = await outboxOf(p.id, "payments");
    expect(mail?.channel).toBe("email");
    expect(sms?.channel).toBe("sms");
    // Due at the moment the parent paid, in the evening, not the next morning.
    expect(sms!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(sms!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(sms!.text).toContain("K45.50");
    expect(timing(await outboxOf(p.id, "lowBalance"))).toEqual([["whatsapp", true]]);
  });

  it("sends a counter purchase's WhatsApp now", async () => {
    const cashier = (await cashierOnly()).browser;
    const juice = await counterItem({ name: "Mango Juice", price: "6.50" });
    const p = await phoneParent(CHOICE, { counterReceipts: true, childName: "Mapalo Tembo" });
    await giveCredit(p.id, "40.00");
    const before = Date.now();
    const sold = await sell(cashier, {
      studentId: p.child.id,
      items: [{ menuItemId: juice.id, quantity: 1 }],
    });
    expect(sold.status).toBe(201);
    const [mail, whatsapp] = await outboxOf(p.id, "counter");
    expect(mail?.channel).toBe("email");
    expect(whatsapp?.channel).toBe("whatsapp");
    expect(whatsapp!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(whatsapp!.nextAttemptAt.getTime()).toBeLessThan(MORNING.getTime());
  });
});
