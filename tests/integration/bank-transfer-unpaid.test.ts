import { beforeAll, describe, expect, it } from "@jest/globals";
import { PDFParse } from "pdf-parse";
import * as classList from "@/app/api/kitchen/class-list/route";
import * as labels from "@/app/api/kitchen/labels/route";
import * as orders from "@/app/api/orders/route";
import * as week from "@/app/api/orders/week/[week]/route";
import * as verify from "@/app/api/payments/verify/route";
import * as bankTransfer from "@/app/api/settings/bank-transfer/route";
import type { KitchenOrders } from "@/lib/contracts/kitchen";
import { key, testDb } from "@/tests/support/school";
import { cycleDayDate, toIsoDate } from "@/lib/school-calendar";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  signedInSuperadmin,
  signedUpParent,
} from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { setPaymentBypass, signedInAdmin } from "@/tests/support/money-admin-fixtures";
import { ADMIN_FEATURE_CALLERS, browserFor } from "@/tests/support/settings-fixtures";

// Issue 44 §3-4: the school turns paying later by bank transfer on or off (on by default), and a
// meal ordered that way is marked unpaid in the kitchen's answer, on its label and on its class
// list until Pending Payments verifies it.

let meal: { id: number; name: string };
let start: string;

beforeAll(async () => {
  const cycle = await activeCycle();
  start = toIsoDate(cycle.startDate);
  meal = await addMenuItem({ name: "Transfer Stew", price: "45.50" });
  await setPaymentBypass(true);
});

async function orderingParent(name: string) {
  const parent = await signedUpParent();
  const child = await addStudent(parent.id, name, "4");
  return { ...parent, child };
}
const cartLine = (studentId: number, dayOfWeek: number) => ({
  menuItemId: meal.id,
  studentId,
  weekNumber: 1,
  dayOfWeek,
  category: "chicken",
  sideDish: "Rice",
});
const placeAlternative = (browser: Browser, body: unknown) =>
  browser.call<{ orders: { id: number; paymentStatus: string }[] }>(
    orders.POST,
    "POST",
    "/api/orders?paymentMethod=alternative",
    { body },
  );
const setBankTransfer = (browser: Browser, enabled: unknown) =>
  browser.call(bankTransfer.POST, "POST", "/api/settings/bank-transfer", { body: { enabled } });

describe("GET and POST /api/settings/bank-transfer", () => {
  it("is on by default, and every signed-in account reads it", async () => {
    const p = await orderingParent("Reader");
    const answer = await p.browser.call(bankTransfer.GET, "GET", "/api/settings/bank-transfer");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ enabled: true });
  });

  it.each(ADMIN_FEATURE_CALLERS)("POST answers %s with %i", async (caller, status) => {
    const browser = await browserFor(caller, "settings");
    const answer = await setBankTransfer(browser, true);
    expect(answer.status).toBe(status);
  });

  it("refuses anything but true or false", async () => {
    const admin = await signedInSuperadmin();
    const answer = await setBankTransfer(admin, "no");
    expect(answer.status).toBe(422);
  });
});

describe("POST /api/orders?paymentMethod=alternative with bank transfer off", () => {
  it("is refused with a clear message and creates nothing; on again, it places the orders", async () => {
    const admin = await signedInSuperadmin();
    expect((await setBankTransfer(admin, false)).status).toBe(200);
    const db = await testDb();
    const audit = await db.auditLog.findFirst({
      where: { entity: "Setting", entityId: "bank-transfer" },
      orderBy: { id: "desc" },
    });
    expect(audit?.action).toBe("setting.bank-transfer");
    expect(audit?.details).toMatchObject({ after: { enabled: false } });

    const p = await orderingParent("Refused");
    const before = { orders: await db.order.count(), mails: await db.emailOutbox.count() };
    const refused = await placeAlternative(p.browser, [cartLine(p.child.id, 3)]);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message:
        "The school has turned off paying later by bank transfer. Please choose another way to pay.",
    });
    expect(await db.order.count()).toBe(before.orders);
    expect(await db.emailOutbox.count()).toBe(before.mails);

    expect((await setBankTransfer(admin, true)).status).toBe(200);
    const placed = await placeAlternative(p.browser, [cartLine(p.child.id, 3)]);
    expect(placed.status).toBe(200);
    expect(placed.body.orders).toHaveLength(1);
  });
});

describe("unpaid meals in the kitchen (issue 44 §4)", () => {
  let kitchen: Browser;
  let payments: Browser;
  let unpaidId: number;

  beforeAll(async () => {
    kitchen = await signedInAdmin(["kitchen"]);
    payments = await signedInAdmin(["pending_payments"]);
    const p = await orderingParent("Mwansa Unpaid");
    const placed = await placeAlternative(p.browser, [cartLine(p.child.id, 2)]);
    expect(placed.status).toBe(200);
    unpaidId = placed.body.orders[0]!.id;
    // A meal already paid on the same day, for a child of another family.
    const paid = await orderingParent("Bwalya Paid");
    const db = await testDb();
    await db.order.create({
      data: {
        userId: paid.id,
        studentId: paid.child.id,
        menuItemId: meal.id,
        cycleId: (await db.order.findUniqueOrThrow({ where: key(unpaidId) })).cycleId,
        weekNumber: 1,
        dayOfWeek: 2,
        category: "chicken",
        sideDish: "Rice",
        originalPrice: "45.50",
        discountedPrice: "45.50",
        paymentStatus: "confirmed",
      },
    });
  });

  const getWeek = () =>
    kitchen.call<KitchenOrders>(week.GET, "GET", "/api/orders/week/1", {
      params: { week: "1" },
    });

  async function readPdf(handler: typeof labels.GET, path: string) {
    const res = await kitchen.respond(handler, "GET", path, {
      query: { date: cycleDayDate(start, 1, 2) },
    });
    expect(res.status).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) });
    try {
      return (await parser.getText()).text;
    } finally {
      await parser.destroy();
    }
  }

  /** The stew of Tuesday in the week's portion tables. */
  const stewOfTuesday = (answer: KitchenOrders) =>
    answer.portions.find((d) => d.dayOfWeek === 2)?.primary.find((p) => p.menuItemId === meal.id);

  it("marks the transfer awaited, and only it, until Pending Payments verifies it", async () => {
    const before = await getWeek();
    expect(before.status).toBe(200);
    const tuesday = before.body.data.filter((o) => o.dayOfWeek === 2);
    expect(tuesday.map((o) => [o.student.name, o.unpaid]).sort()).toEqual([
      ["Bwalya Paid", false],
      ["Mwansa Unpaid", true],
    ]);
    expect(stewOfTuesday(before.body)).toMatchObject({ totalOrders: 2, unpaidOrders: 1 });

    const labelText = await readPdf(labels.GET, "/api/kitchen/labels");
    expect(labelText).toContain("Mwansa Unpaid");
    expect(labelText.match(/UNPAID/g)).toHaveLength(1);
    const listText = await readPdf(classList.GET, "/api/kitchen/class-list");
    expect(listText).toContain("UNPAID: not verified");
    expect(listText.match(/UNPAID/g)).toHaveLength(1);

    const verified = await payments.call(verify.PUT, "PUT", "/api/payments/verify", {
      body: { orderIds: [unpaidId] },
    });
    expect(verified.status).toBe(200);

    const after = await getWeek();
    expect(after.body.data.filter((o) => o.dayOfWeek === 2).every((o) => !o.unpaid)).toBe(true);
    expect(stewOfTuesday(after.body)).toMatchObject({ totalOrders: 2, unpaidOrders: 0 });
    expect(await readPdf(labels.GET, "/api/kitchen/labels")).not.toContain("UNPAID");
    expect(await readPdf(classList.GET, "/api/kitchen/class-list")).not.toContain("UNPAID");
  });
});
