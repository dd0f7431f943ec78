import { beforeAll, describe, expect, it } from "@jest/globals";
import * as receipt from "@/app/api/account/receipts/[reference]/route";
import type { PaymentReceiptDto } from "@/lib/contracts/payments";
import { RECEIPT_NOT_FOUND } from "@/lib/payments/receipt";
import { testDb } from "@/tests/support/school";
import { activeCycle, addMenuItem, addStudent, signedIn } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { paidAttempt } from "@/tests/support/statement-fixtures";

// Issue 49: every receipt can be reopened from Order History, by the payment's reference, and
// only by the family that paid.

let parent: { browser: Browser; id: number };
let stranger: { browser: Browser; id: number };
let paidRef: string;
let openRef: string;

const reopen = (browser: Browser, reference: string) =>
  browser.call<PaymentReceiptDto>(receipt.GET, "GET", `/api/account/receipts/${reference}`, {
    params: { reference },
  });

beforeAll(async () => {
  const cycle = await activeCycle({ startDate: "2026-01-05" });
  const meal = await addMenuItem({ name: "Rice and Chicken", price: "38.00" });
  parent = await signedIn("parent");
  stranger = await signedIn("parent");
  const child = await addStudent(parent.id, "Bupe Phiri", "2");
  const paid = await paidAttempt(parent.id, "76.00", new Date("2026-01-02T08:00:00Z"));
  paidRef = paid.transactionRef;
  const db = await testDb();
  for (const dayOfWeek of [2, 1]) {
    await db.order.create({
      data: {
        userId: parent.id,
        studentId: child.id,
        menuItemId: meal.id,
        cycleId: cycle.id,
        weekNumber: 1,
        dayOfWeek,
        originalPrice: "38.00",
        discountedPrice: "38.00",
        paymentStatus: "confirmed",
        paymentProcessor: "DPO",
        paymentAttemptId: paid.id,
      },
    });
  }
  const open = await db.paymentAttempt.create({
    data: {
      userId: parent.id,
      transactionRef: "OPEN-REF-1",
      paymentAmount: "10.00",
      cartItems: [],
    },
    select: { transactionRef: true },
  });
  openRef = open.transactionRef;
});

describe("GET /api/account/receipts/{reference}", () => {
  it("reopens the payer's own receipt: each child, day and meal, the total and the reference", async () => {
    const res = await reopen(parent.browser, paidRef);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      reference: paidRef,
      total: "76.00",
      lines: [
        expect.objectContaining({
          studentName: "Bupe Phiri",
          date: "2026-01-05",
          meal: "Rice and Chicken",
          amount: "38.00",
        }),
        expect.objectContaining({
          studentName: "Bupe Phiri",
          date: "2026-01-06",
          meal: "Rice and Chicken",
          amount: "38.00",
        }),
      ],
    });
  });

  it.each([
    ["another family's payment", () => [stranger.browser, paidRef] as const],
    ["a payment not paid yet", () => [parent.browser, openRef] as const],
    ["an unknown reference", () => [parent.browser, "NO-SUCH-REF"] as const],
  ])("answers 404 for %s", async (_label, args) => {
    const [browser, reference] = args();
    const res = await reopen(browser, reference);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: RECEIPT_NOT_FOUND });
  });
});
