import { beforeAll, describe, expect, it } from "@jest/globals";
import {
  STATEMENT_BAD_DATE,
  STATEMENT_DATES_REQUIRED,
  STATEMENT_REVERSED,
  STATEMENT_TOO_LONG,
  type StatementDto,
} from "@/lib/contracts/statement";
import { signedNgwee } from "@/lib/credit/ledger";
import { formatNgwee } from "@/lib/money";
import { getStatement } from "@/lib/statements/statement";
import { createSchool, defaultSchool, testDb } from "@/tests/support/school";
import { activeCycle, addMenuItem, addStudent, signedIn } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import {
  movement,
  paidAttempt,
  readStatement,
  statementCall,
} from "@/tests/support/statement-fixtures";

// Issue 49: a family's statement for a period, from real orders, payments, top-ups, refunds and
// ledger movements, in the school's time zone (Africa/Lusaka, UTC+2; the tests run in Lima).

const JANUARY = { from: "2026-01-01", to: "2026-01-31" };
/** Midnight starting 1 January at the school, and the one ending 31 January. */
const START = new Date("2025-12-31T22:00:00.000Z");
const END = new Date("2026-01-31T22:00:00.000Z");

/** The app's "K 310.00" as the PDF's text reads it (a plain space for the no-break one). */
const kwacha = (ngwee: number) => formatNgwee(ngwee).replace(/\u00a0/g, " ");

let parent: { browser: Browser; id: number; name: string };
let other: { browser: Browser; id: number };
let statement: StatementDto;

async function order(
  owner: { userId: number; studentId: number },
  values: {
    menuItemId: number;
    cycleId: number;
    dayOfWeek: number;
    at: Date;
    status?: "completed" | "refunded";
    processor: string;
    paymentAttemptId?: number;
  },
) {
  const db = await testDb();
  return db.order.create({
    data: {
      ...owner,
      menuItemId: values.menuItemId,
      cycleId: values.cycleId,
      weekNumber: 1,
      dayOfWeek: values.dayOfWeek,
      originalPrice: "45.50",
      discountedPrice: "45.50",
      status: values.status ?? "completed",
      paymentStatus: "confirmed",
      paymentProcessor: values.processor,
      paymentAttemptId: values.paymentAttemptId ?? null,
      orderDate: values.at,
    },
    select: { id: true },
  });
}

beforeAll(async () => {
  const cycle = await activeCycle({ startDate: "2026-01-05" });
  const meal = await addMenuItem({ name: "Nshima and Beef", price: "45.50" });
  const signed = await signedIn("parent", [], { name: "Mutale Banda" });
  parent = { ...signed, name: "Mutale Banda" };
  const child = await addStudent(parent.id, "Chanda Banda", "3");
  const mine = { userId: parent.id, studentId: child.id };
  const base = { menuItemId: meal.id, cycleId: cycle.id };

  // Before the period: the opening balance, up to the last millisecond of 31 December.
  await movement(parent.id, "100.00", new Date(START.getTime() - 1));
  // The school's midnight itself belongs to the period.
  await movement(parent.id, "10.00", START, "adjustment", { reason: "Midnight gift" });
  const card = await paidAttempt(parent.id, "45.50", new Date("2026-01-02T08:00:00Z"));
  await order(mine, {
    ...base,
    dayOfWeek: 1,
    at: new Date("2026-01-02T08:00:00Z"),
    processor: "DPO",
    paymentAttemptId: card.id,
  });
  const topUp = await paidAttempt(parent.id, "200.00", new Date("2026-01-03T10:00:00Z"), {
    mobile: "airtel",
    topUp: true,
  });
  await movement(parent.id, "200.00", new Date("2026-01-03T10:00:00Z"), "topup", {
    paymentAttemptId: topUp.id,
  });
  await order(mine, {
    ...base,
    dayOfWeek: 2,
    at: new Date("2026-01-04T09:00:00Z"),
    processor: "BYPASS",
  });
  const refunded = await order(mine, {
    ...base,
    dayOfWeek: 3,
    at: new Date("2026-01-05T07:00:00Z"),
    status: "refunded",
    processor: "CREDIT",
  });
  await movement(parent.id, "-45.50", new Date("2026-01-05T07:00:00Z"), "spent");
  const db = await testDb();
  await db.orderRefund.create({
    data: { orderId: refunded.id, method: "credit", createdAt: new Date("2026-01-06T07:00:00Z") },
  });
  await movement(parent.id, "45.50", new Date("2026-01-06T07:00:00Z"), "refund", {
    orderId: refunded.id,
  });
  // After the period (the school's 1 February).
  await movement(parent.id, "7.00", END);
  await order(mine, { ...base, dayOfWeek: 4, at: END, processor: "DPO" });

  // Another family in the same month.
  const otherSigned = await signedIn("parent");
  other = otherSigned;
  const otherChild = await addStudent(other.id, "Other Child", "4");
  await order(
    { userId: other.id, studentId: otherChild.id },
    { ...base, dayOfWeek: 1, at: new Date("2026-01-10T08:00:00Z"), processor: "DPO" },
  );
  await movement(other.id, "999.00", new Date("2026-01-10T08:00:00Z"));

  statement = await getStatement(await defaultSchool(), parent, JANUARY);
});

describe("getStatement", () => {
  it("lists the period's payments, top-ups and transfers, oldest first", () => {
    expect(statement.payments).toEqual([
      expect.objectContaining({ method: "Card", purpose: "Meals", amount: "45.50" }),
      expect.objectContaining({
        method: "Airtel Money 097****456",
        purpose: "Wallet top-up",
        amount: "200.00",
      }),
      expect.objectContaining({ method: "Mobile money or bank transfer", amount: "45.50" }),
    ]);
  });

  it("lists the orders placed in the period with child, day, meal, amount and status", () => {
    expect(
      statement.orders.map((o) => [o.child, o.day, o.meal, o.amount, o.status, o.paymentStatus]),
    ).toEqual([
      ["Chanda Banda", "2026-01-05", "Nshima and Beef", "45.50", "completed", "confirmed"],
      ["Chanda Banda", "2026-01-06", "Nshima and Beef", "45.50", "completed", "confirmed"],
      ["Chanda Banda", "2026-01-07", "Nshima and Beef", "45.50", "refunded", "confirmed"],
    ]);
  });

  it("lists the refunds with how the money went back", () => {
    expect(statement.refunds).toEqual([
      expect.objectContaining({ child: "Chanda Banda", method: "Account credit", amount: "45.50" }),
    ]);
  });

  it("opens and closes the wallet at the school's midnights; opening + movements = closing", () => {
    const { opening, closing, movements } = statement.wallet;
    expect(opening).toBe("100.00");
    expect(movements.map((m) => [m.amount, m.balance])).toEqual([
      ["10.00", "110.00"],
      ["200.00", "310.00"],
      ["-45.50", "264.50"],
      ["45.50", "310.00"],
    ]);
    expect(movements[0]!.description).toBe("Adjustment by the school: Midnight gift");
    const sum = movements.reduce((t, m) => t + signedNgwee(m.amount), 0);
    expect(signedNgwee(opening) + sum).toBe(signedNgwee(closing));
    expect(closing).toBe("310.00");
  });

  it("never shows another family's orders or money", () => {
    expect(JSON.stringify(statement)).not.toContain("Other Child");
    expect(JSON.stringify(statement)).not.toContain("999");
  });

  it("reads only its own school: the same account id at another school has nothing", async () => {
    const elsewhere = await createSchool("statementelsewhere");
    const there = await getStatement(elsewhere, parent, JANUARY);
    expect(there).toMatchObject({
      schoolName: elsewhere.name,
      payments: [],
      orders: [],
      refunds: [],
      wallet: { opening: "0.00", closing: "0.00", movements: [] },
    });
  });
});

describe("GET /api/account/statement", () => {
  it("answers the statement as a PDF named after the school and the period", async () => {
    const res = await statementCall(parent.browser, JANUARY);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const school = await defaultSchool();
    expect(res.headers.get("content-disposition")).toBe(
      `inline; filename="statement-${school.slug}-2026-01-01-to-2026-01-31.pdf"`,
    );
    const { pages, text } = await readStatement(res);
    expect(pages).toBe(1);
    for (const expected of [
      school.name,
      "Statement for Mutale Banda",
      "Thu, 1 Jan 2026 to Sat, 31 Jan 2026",
      "Chanda Banda",
      "Nshima and Beef",
      "Airtel Money 097****456",
      "Wallet top-up",
      "Account credit",
      "Opening balance",
      kwacha(31000),
      // The top-up at 10:00 UTC is at 12:00 in Lusaka.
      "3 Jan 2026, 12:00",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Other Child");
  });

  it("runs a long statement on to more pages, every page numbered", async () => {
    const long = await signedIn("parent");
    for (let n = 0; n < 90; n += 1) {
      await movement(long.id, "1.00", new Date(Date.UTC(2026, 0, 2, 8, n)));
    }
    const { pages, text } = await readStatement(await statementCall(long.browser, JANUARY));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain("Wallet (account credit) (continued)");
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain(kwacha(9000));
  });

  it("serves a teacher's own account too", async () => {
    const teacher = await signedIn("teacher", [], { staffRecord: true });
    const res = await statementCall(teacher.browser, JANUARY);
    expect(res.status).toBe(200);
    expect((await readStatement(res)).text).toContain("No orders in this period.");
  });

  it.each([
    [{}, STATEMENT_DATES_REQUIRED],
    [{ from: "2026-01-01" }, STATEMENT_DATES_REQUIRED],
    [{ from: "2026-02-30", to: "2026-03-01" }, STATEMENT_BAD_DATE],
    [{ from: "01/01/2026", to: "2026-01-31" }, STATEMENT_BAD_DATE],
    [{ from: "2026-01-01".repeat(50), to: "2026-01-31" }, STATEMENT_BAD_DATE],
    [{ from: "9999-12-31", to: "9999-12-31" }, STATEMENT_BAD_DATE],
    [{ from: "2026-01-31", to: "2026-01-01" }, STATEMENT_REVERSED],
    [{ from: "2025-01-01", to: "2026-01-02" }, STATEMENT_TOO_LONG],
  ])("refuses %j with 400: %s", async (query, message) => {
    const res = await statementCall(parent.browser, query);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message, error: message });
  });

  it("takes a whole leap year (366 days)", async () => {
    const res = await statementCall(parent.browser, { from: "2024-01-01", to: "2024-12-31" });
    expect(res.status).toBe(200);
  });
});
