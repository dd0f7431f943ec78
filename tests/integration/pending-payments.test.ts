import { beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as orders from "@/app/api/orders/route";
import * as pending from "@/app/api/payments/pending/route";
import * as verify from "@/app/api/payments/verify/route";
import type { PendingPaymentsPageDto } from "@/lib/contracts/orders";
import { testDb } from "@/tests/support/school";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  giveDiscountCode,
  signedUpParent,
} from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import {
  BYPASS_DETAILS,
  callers,
  directOrder,
  directParent,
  orderGround,
  setPaymentBypass,
  signedInAdmin,
  type Ground,
} from "@/tests/support/money-admin-fixtures";

const listPending = (browser: Browser, page?: string) =>
  browser.call<PendingPaymentsPageDto>(pending.GET, "GET", "/api/payments/pending", {
    query: page === undefined ? {} : { page },
  });
const verifyIds = (browser: Browser, body: unknown) =>
  browser.call<{ updated: number }>(verify.PUT, "PUT", "/api/payments/verify", { body });

async function paymentStatuses(ids: number[]) {
  const db = await testDb();
  const rows = await db.order.findMany({
    where: { id: { in: ids } },
    select: { id: true, paymentStatus: true },
  });
  return Object.fromEntries(rows.map((r) => [r.id, r.paymentStatus]));
}

let ground: Ground;
let admin: Browser;

beforeAll(async () => {
  ground = await orderGround();
  admin = await signedInAdmin(["pending_payments"]);
});

// Each test starts from no orders, so group counts and pages are exact.
beforeEach(async () => {
  const db = await testDb();
  await db.order.deleteMany();
});

describe("GET /api/payments/pending", () => {
  it.each(callers("pending_payments"))("answers %s", async (_who, browserFor, expected) => {
    const browser = await browserFor();
    const answer = await listPending(browser);
    expect(answer.status).toBe(expected === "allowed" ? 200 : expected);
    if (expected !== "allowed") expect(answer.body).not.toHaveProperty("data");
  });

  it("groups live orders awaiting payment by the parent, oldest first, with totals", async () => {
    const early = await directParent();
    const late = await directParent();
    const paid = await directParent();
    const t = (minute: number) => new Date(Date.UTC(2030, 0, 7, 8, minute));
    const l1 = await directOrder(ground, late, { orderDate: t(30), price: "36.50" });
    const e1 = await directOrder(ground, early, { orderDate: t(20), price: "10.25" });
    const e2 = await directOrder(ground, early, {
      orderDate: t(40),
      price: "5.00",
      status: "completed",
    });
    // Not pending payment, or no longer a live order: not listed.
    await directOrder(ground, early, { orderDate: t(1), status: "cancelled" });
    await directOrder(ground, paid, { orderDate: t(2), paymentStatus: "confirmed" });
    await directOrder(ground, late, { orderDate: t(3), paymentStatus: "failed" });
    await directOrder(ground, late, { orderDate: t(4), status: "refunded" });

    const answer = await listPending(admin);
    expect(answer.status).toBe(200);
    expect(answer.body.pagination).toEqual({
      totalGroups: 2,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
      page: 1,
      pageSize: 50,
    });
    expect(answer.body.data.map((g) => g.parentId)).toEqual([early.id, late.id]);
    const [first, second] = answer.body.data;
    expect(first).toMatchObject({ parentUsername: early.username, totalAmount: "15.25" });
    expect(first!.orders.map((o) => o.id)).toEqual([e1.id, e2.id]);
    expect(second).toMatchObject({ parentUsername: late.username, totalAmount: "36.50" });
    expect(second!.orders).toEqual([
      {
        id: l1.id,
        orderDate: t(30).toISOString(),
        student: { name: late.child.name, grade: "4", allergies: [], dietaryNotes: null },
        menuItem: { name: ground.item.name },
        weekNumber: expect.any(Number),
        dayOfWeek: expect.any(Number),
        category: "chicken",
        sideDish: "Rice",
        comments: null,
        originalPrice: "40.00",
        discountedPrice: "36.50",
        discountPercentage: 0,
        allergyAcknowledged: false,
        amountDue: "36.50",
      },
    ]);
  });

  it("pages 50 parents at a time, counted by the database", async () => {
    const db = await testDb();
    const count = 53;
    const names = Array.from({ length: count }, (_, i) => `paging.parent.${i}`);
    await db.user.createMany({
      data: names.map((name) => ({ username: name, usernameKey: name, passwordHash: "x", name })),
    });
    const users = await db.user.findMany({
      where: { usernameKey: { in: names } },
      select: { id: true, username: true },
    });
    const idOf = new Map(users.map((u) => [u.username, u.id]));
    await db.student.createMany({
      data: names.map((name) => ({ name: `Kid ${name}`, grade: "2", parentId: idOf.get(name)! })),
    });
    const kids = await db.student.findMany({
      where: { parentId: { in: users.map((u) => u.id) } },
      select: { id: true, parentId: true },
    });
    // Parent i's only order is i minutes after 8:00, so the groups come in the names' order.
    const indexOf = new Map(names.map((name, i) => [idOf.get(name)!, i]));
    await db.order.createMany({
      data: kids.map((kid) => ({
        userId: kid.parentId,
        studentId: kid.id,
        menuItemId: ground.item.id,
        cycleId: ground.cycle.id,
        weekNumber: 1,
        dayOfWeek: 1,
        originalPrice: "40.00",
        discountedPrice: "40.00",
        orderDate: new Date(Date.UTC(2030, 0, 7, 8, indexOf.get(kid.parentId))),
        paymentProcessor: "BYPASS",
      })),
    });

    const first = await listPending(admin, "1");
    expect(first.body.data).toHaveLength(50);
    expect(first.body.pagination).toMatchObject({
      totalGroups: count,
      totalPages: 2,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    expect(first.body.data.map((g) => g.parentUsername)).toEqual(names.slice(0, 50));
    const second = await listPending(admin, "2");
    expect(second.body.data.map((g) => g.parentUsername)).toEqual(names.slice(50));
    expect(second.body.pagination).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const beyond = await listPending(admin, "9");
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
  });

  it("answers an empty list when nothing is pending", async () => {
    const answer = await listPending(admin);
    expect(answer.body).toEqual({
      data: [],
      pagination: {
        totalGroups: 0,
        totalPages: 0,
        hasNextPage: false,
        hasPreviousPage: false,
        page: 1,
        pageSize: 50,
      },
    });
  });

  it.each(["0", "-1", "abc", "1.5", "99999999"])("refuses page=%s with 422", async (page) => {
    const answer = await listPending(admin, page);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: "Page must be a positive whole number" });
  });
});

describe("PUT /api/payments/verify", () => {
  it.each(callers("pending_payments"))("answers %s", async (_who, browserFor, expected) => {
    const parent = await directParent();
    const order = await directOrder(ground, parent);
    const answer = await verifyIds(await browserFor(), { orderIds: [order.id] });
    expect(answer.status).toBe(expected === "allowed" ? 200 : expected);
    expect(await paymentStatuses([order.id])).toEqual({
      [order.id]: expected === "allowed" ? "confirmed" : "pending",
    });
  });

  it("marks only the selected orders, and only those still pending, as paid", async () => {
    const parent = await directParent();
    const chosen = await directOrder(ground, parent);
    const alsoPending = await directOrder(ground, parent);
    const alreadyPaid = await directOrder(ground, parent, { paymentStatus: "confirmed" });
    const failed = await directOrder(ground, parent, { paymentStatus: "failed" });
    const db = await testDb();
    const auditsBefore = await db.auditLog.count({ where: { action: "payment.verify" } });

    const answer = await verifyIds(admin, {
      orderIds: [chosen.id, alreadyPaid.id, failed.id, chosen.id, 987_654],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ updated: 1 });
    expect(await paymentStatuses([chosen.id, alsoPending.id, alreadyPaid.id, failed.id])).toEqual({
      [chosen.id]: "confirmed",
      [alsoPending.id]: "pending",
      [alreadyPaid.id]: "confirmed",
      [failed.id]: "failed",
    });
    const audit = await db.auditLog.findFirst({
      where: { action: "payment.verify" },
      orderBy: { id: "desc" },
    });
    expect(audit?.details).toMatchObject({ orderIds: [chosen.id], updated: 1 });

    // A second click changes nothing and records nothing.
    const again = await verifyIds(admin, { orderIds: [chosen.id] });
    expect(again.body).toEqual({ updated: 0 });
    expect(await db.auditLog.count({ where: { action: "payment.verify" } })).toBe(auditsBefore + 1);

    const listed = await listPending(admin);
    expect(listed.body.data[0]?.orders.map((o) => o.id)).toEqual([alsoPending.id]);
  });

  it.each([
    ["an empty list", { orderIds: [] }, "No orders selected"],
    ["no list", {}, "No orders selected"],
    ["a zero id", { orderIds: [0] }, "Order ids must be positive whole numbers"],
    ["a fractional id", { orderIds: [1.5] }, "Order ids must be positive whole numbers"],
    ["a string id", { orderIds: ["1"] }, "Order ids must be positive whole numbers"],
    [
      "too many ids",
      { orderIds: Array.from({ length: 501 }, (_, i) => i + 1) },
      "At most 500 orders at a time",
    ],
  ])("refuses %s with 422 and changes nothing", async (_label, body, message) => {
    const parent = await directParent();
    const order = await directOrder(ground, parent);
    const answer = await verifyIds(admin, body);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message, error: message });
    expect(await paymentStatuses([order.id])).toEqual({ [order.id]: "pending" });
  });

  it("refuses malformed JSON with 400", async () => {
    const answer = await admin.call(verify.PUT, "PUT", "/api/payments/verify", {
      rawBody: "{orderIds:",
    });
    expect(answer.status).toBe(400);
  });
});

describe("POST /api/orders?paymentMethod=alternative (payment bypass)", () => {
  let meal: { id: number; name: string };

  beforeAll(async () => {
    await activeCycle();
    meal = await addMenuItem({ price: "45.50" });
  });

  async function orderingParent() {
    const parent = await signedUpParent();
    const child = await addStudent(parent.id, "Natasha", "2");
    return { ...parent, child };
  }
  const cartLine = (studentId: number, dayOfWeek: number) => ({
    menuItemId: meal.id,
    studentId,
    weekNumber: 1,
    dayOfWeek,
    category: "chicken",
    sideDish: "Rice",
    comments: "No onions",
  });
  const placeAlternative = (browser: Browser, body: unknown) =>
    browser.call<{ orders: { id: number; status: string; paymentStatus: string }[] }>(
      orders.POST,
      "POST",
      "/api/orders?paymentMethod=alternative",
      { body },
    );

  it("is refused while the setting is off, and the card path still answers 402", async () => {
    await setPaymentBypass(false);
    const p = await orderingParent();
    const db = await testDb();
    const mails = await db.emailOutbox.count();
    const refused = await placeAlternative(p.browser, [cartLine(p.child.id, 1)]);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: "Alternative payment methods are not available at the moment. Please pay by card.",
    });
    const card = await p.browser.call(orders.POST, "POST", "/api/orders", {
      body: [cartLine(p.child.id, 1)],
    });
    expect(card.status).toBe(402);
    expect(await db.order.count()).toBe(0);
    expect(await db.emailOutbox.count()).toBe(mails);
  });

  it("places pending orders and e-mails the amount and the school's payment details", async () => {
    await setPaymentBypass(true);
    const p = await orderingParent();
    const answer = await placeAlternative(p.browser, [
      cartLine(p.child.id, 1),
      cartLine(p.child.id, 2),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.orders).toHaveLength(2);
    expect(answer.body.orders[0]).toMatchObject({ status: "pending", paymentStatus: "pending" });
    const db = await testDb();
    const rows = await db.order.findMany({ where: { userId: p.id } });
    expect(rows.map((r) => r.paymentProcessor)).toEqual(["BYPASS", "BYPASS"]);

    const mail = await db.emailOutbox.findFirst({
      where: { to: p.email!, subject: { startsWith: "Payment instructions" } },
    });
    const text = mail?.text ?? "";
    expect(text).toMatch(/Amount to pay: K\s?91\.00/);
    // Each meal on its own school day (whatever the server's time zone).
    expect(text).toMatch(/- Natasha: Monday \d+ \w+ \d{4}: /);
    expect(text).toMatch(/- Natasha: Tuesday \d+ \w+ \d{4}: /);
    expect(text).toContain(meal.name);
    for (const value of [
      BYPASS_DETAILS.airtelMoney.name,
      BYPASS_DETAILS.airtelMoney.number,
      BYPASS_DETAILS.mtnMoney.name,
      BYPASS_DETAILS.mtnMoney.number,
      ...Object.values(BYPASS_DETAILS.bankTransfer),
    ]) {
      expect(text).toContain(value);
    }
    expect(text).toContain(p.username);

    // The admin sees them to verify.
    const listed = await listPending(admin);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ parentId: p.id, parentUsername: p.username, totalAmount: "91.00" }),
    ]);
  });

  it("makes one set of orders from a double submit", async () => {
    await setPaymentBypass(true);
    const p = await orderingParent();
    const cart = [cartLine(p.child.id, 3), cartLine(p.child.id, 4)];
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => placeAlternative(p.browser, cart)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const again = await placeAlternative(p.browser, cart);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: "Already Ordered: You already have an order for this day",
    });
    const db = await testDb();
    expect(await db.order.count({ where: { userId: p.id } })).toBe(2);
    expect(
      await db.emailOutbox.count({
        where: { to: p.email!, subject: { startsWith: "Payment instructions" } },
      }),
    ).toBe(1);
  });

  it("applies every cart rule: another parent's child is refused and nothing is made", async () => {
    await setPaymentBypass(true);
    const owner = await orderingParent();
    const intruder = await orderingParent();
    const answer = await placeAlternative(intruder.browser, [cartLine(owner.child.id, 5)]);
    expect(answer.status).toBe(404);
    const db = await testDb();
    expect(await db.order.count()).toBe(0);
  });

  it("places a cart that costs nothing as a free order", async () => {
    await setPaymentBypass(true);
    const p = await orderingParent();
    await giveDiscountCode(p.id, 100);
    const answer = await placeAlternative(p.browser, [cartLine(p.child.id, 1)]);
    expect(answer.status).toBe(200);
    expect(answer.body.orders[0]).toMatchObject({ paymentStatus: "confirmed" });
  });

  it("refuses an unknown payment method and admins", async () => {
    await setPaymentBypass(true);
    const p = await orderingParent();
    const unknown = await p.browser.call(orders.POST, "POST", "/api/orders?paymentMethod=cash", {
      body: [cartLine(p.child.id, 1)],
    });
    expect(unknown.status).toBe(422);
    const byAdmin = await placeAlternative(admin, [cartLine(p.child.id, 1)]);
    expect(byAdmin.status).toBe(403);
    expect(await (await testDb()).order.count()).toBe(0);
  });
});
