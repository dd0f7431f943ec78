import { beforeAll, describe, expect, it } from "@jest/globals";
import * as takings from "@/app/api/revenue/takings/route";
import * as takingsPayments from "@/app/api/revenue/takings/payments/route";
import type { TakingsDto, TakingsPaymentsDto } from "@/lib/contracts/takings";
import { schoolToday } from "@/lib/school-calendar";
import type { Browser } from "@/tests/support/http";
import { createSchool, testDb } from "@/tests/support/school";
import { ADMIN_FEATURE_CALLERS, browserFor } from "@/tests/support/settings-fixtures";

// GET /api/revenue/takings and /api/revenue/takings/payments (issue 49): who may ask, what a bad
// period answers, the school's day boundary (Lusaka, UTC+2), the drill-down's filters, and that
// another school's money never shows.

let admin: Browser;
let parentId: number;

async function paid(
  token: string,
  amount: string,
  at: string,
  method = "CARD",
  operator: string | null = null,
  schoolId?: number,
) {
  const db = await testDb(schoolId);
  const user = schoolId
    ? await db.user.create({
        data: {
          username: `p.${token}`,
          usernameKey: `p.${token}`,
          passwordHash: "x",
          name: "Other",
        },
      })
    : { id: parentId };
  return db.paymentAttempt.create({
    data: {
      userId: user.id,
      transactionId: token,
      transactionRef: `R-${token}`,
      paymentAmount: amount,
      cartItems: [],
      transactionStatus: "verified",
      verifiedAt: new Date(at),
      paymentMethod: method,
      mobileOperator: operator,
    },
  });
}

beforeAll(async () => {
  admin = await browserFor("admin with the feature", "revenue");
  const db = await testDb();
  parentId = (
    await db.user.create({
      data: {
        username: "tk.parent",
        usernameKey: "tk.parent",
        passwordHash: "x",
        name: "Mwila Banda",
      },
    })
  ).id;
  // 2042-03-10 in Lusaka runs from 2042-03-09T22:00Z to 2042-03-10T22:00Z.
  await paid("T-BEFORE", "10.00", "2042-03-09T21:59:59.999Z");
  await paid("T-FIRST", "20.00", "2042-03-09T22:00:00.000Z");
  await paid("T-AIRTEL", "30.50", "2042-03-10T12:00:00.000Z", "MOBILE", "airtel");
  await paid("T-LAST", "40.00", "2042-03-10T21:59:59.999Z", "MOBILE", "mtn");
  await paid("T-AFTER", "50.00", "2042-03-10T22:00:00.000Z");
  const other = await createSchool("takings-other");
  await paid("T-OTHER", "99.00", "2042-03-10T12:00:00.000Z", "CARD", null, other.id);
});

const get = (browser: Browser, query: Record<string, string>) =>
  browser.call<TakingsDto>(takings.GET, "GET", "/api/revenue/takings", { query });
const items = (browser: Browser, query: Record<string, string>) =>
  browser.call<TakingsPaymentsDto>(takingsPayments.GET, "GET", "/api/revenue/takings/payments", {
    query,
  });

describe("who may read the takings", () => {
  it.each(ADMIN_FEATURE_CALLERS)("%s: %i", async (caller, status) => {
    const browser = await browserFor(caller, "revenue");
    expect((await get(browser, {})).status).toBe(status);
    expect((await items(browser, {})).status).toBe(status);
  });
});

describe("GET /api/revenue/takings", () => {
  it("counts a day in the school's zone: 00:00 to 23:59:59.999 in Lusaka, by method", async () => {
    const answer = await get(admin, { from: "2042-03-10", to: "2042-03-10" });
    expect(answer.status).toBe(200);
    const line = (name: string) => answer.body.lines.find((l) => l.line === name);
    expect(line("card")).toEqual({ line: "card", count: 1, amount: "20.00" });
    expect(line("airtel")).toEqual({ line: "airtel", count: 1, amount: "30.50" });
    expect(line("mtn")).toEqual({ line: "mtn", count: 1, amount: "40.00" });
    expect(answer.body.totals.received).toBe("90.50");
    expect(answer.body.days.map((d) => [d.day, d.received])).toEqual([["2042-03-10", "90.50"]]);
    expect(answer.body.timeZone).toBe("Africa/Lusaka");
  });

  it("sums a period day by day", async () => {
    const answer = await get(admin, { from: "2042-03-09", to: "2042-03-11" });
    expect(answer.body.days.map((d) => [d.day, d.received])).toEqual([
      ["2042-03-09", "10.00"],
      ["2042-03-10", "90.50"],
      ["2042-03-11", "50.00"],
    ]);
    expect(answer.body.totals.received).toBe("150.50");
  });

  it("is today (the school's) when no period is given", async () => {
    const answer = await get(admin, {});
    const today = schoolToday("Africa/Lusaka");
    expect([answer.body.from, answer.body.to]).toEqual([today, today]);
  });

  it.each([
    [{ from: "2042-02-30" }, "from"],
    [{ from: "2042-03-10", to: "2042-03-09" }, "to"],
    [{ from: "2040-01-01", to: "2042-03-09" }, "to"],
  ])("refuses the period %j and says which field", async (query, field) => {
    const answer = await get(admin, query);
    expect(answer.status).toBe(422);
    expect(Object.keys((answer.body as unknown as { details: object }).details)).toEqual([field]);
  });
});

describe("GET /api/revenue/takings/payments", () => {
  it("lists the payments behind one line of one day, with DPO's token", async () => {
    const answer = await items(admin, {
      from: "2042-03-09",
      to: "2042-03-11",
      line: "card",
      day: "2042-03-10",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((i) => [i.reference, i.amount, i.day, i.account])).toEqual([
      ["T-FIRST", "20.00", "2042-03-10", "Mwila Banda"],
    ]);
    expect(answer.body.truncated).toBe(false);
  });

  it("never shows another school's payments", async () => {
    const answer = await items(admin, { from: "2042-03-10", to: "2042-03-10" });
    expect(answer.body.items.map((i) => i.reference)).toEqual(["T-FIRST", "T-AIRTEL", "T-LAST"]);
  });

  it("refuses a line it does not know", async () => {
    const answer = await items(admin, { line: "cash" });
    expect(answer.status).toBe(422);
  });
});
