// Payments are the school's own (issue 45): school B's parent has a paid, an open and a failed
// (Order Recovery) payment attempt. Called as school A's parent and admin with B's attempt ids,
// transaction tokens and CompanyRefs in the path, the query and the body, every payment route
// refuses or answers without B's data, the provider is never asked about B's tokens, and B's rows
// read back unchanged; A's cookie on B's host is no session. The sweep then verifies B's payments
// at B. A suspended school starts no payment (403), but a payment already made there is still
// verified and becomes orders.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import * as login from "@/app/api/login/route";
import * as checkStatus from "@/app/api/payments/check-status/[transactionId]/route";
import * as create from "@/app/api/payments/create/route";
import * as failedOrders from "@/app/api/payments/failed-orders/route";
import * as liveOrders from "@/app/api/payments/live-orders/route";
import * as processOrder from "@/app/api/payments/orders/[id]/process/route";
import * as retry from "@/app/api/payments/orders/[id]/retry/route";
import * as attemptStatus from "@/app/api/payments/payment-attempts/[transactionId]/status/route";
import * as attempts from "@/app/api/payments/payment-attempts/route";
import * as update from "@/app/api/payments/payment-attempts/update/route";
import { RECOVERY, STATUS, TX } from "@/lib/contracts/payments";
import { SCHOOL_CLOSED_MESSAGE, type SchoolContext } from "@/lib/contracts/schools";
import { getDb } from "@/lib/db";
import { reconcileOpenPayments } from "@/lib/payments/reconcile";
import { forgetSchools } from "@/lib/schools/resolve-school";
import { hashPassword } from "@/lib/security/password";
import { paidXml, resultXml, startFakeDpoProvider } from "@/tests/support/fake-dpo";
import { signedIn, signedInSuperadmin, TEST_PASSWORD } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { verifyCall } from "@/tests/support/payment-fixtures";
import { createSchool, testDb } from "@/tests/support/school";

const fake = await startFakeDpoProvider();
afterAll(async () => fake.stop());

const B_HOST = "http://second.localhost:3000";
const C_HOST = "http://closed.localhost:3000";

/** One school's parent, child, meal, cycle and payment attempts, written through its own client. */
async function schoolWithPayments(school: SchoolContext, prefix: string) {
  const db = await testDb(school.id);
  const user = async (username: string) =>
    db.user.create({
      data: {
        username,
        usernameKey: username,
        passwordHash: await hashPassword(TEST_PASSWORD),
        name: `${prefix} Parent`,
        role: "parent",
        email: `${username}@example.com`,
      },
    });
  const username = `${prefix.toLowerCase()}.parent`;
  const parent = await user(username);
  // One open attempt per parent: the open one is another parent's.
  const other = await user(`${prefix.toLowerCase()}.other`);
  const child = await db.student.create({
    data: { name: `${prefix} Child`, grade: "3", parentId: parent.id },
  });
  const meal = await db.menuItem.create({
    data: { name: `${prefix} Stew`, price: "30.00", weekNumbers: [1, 2], daysOfWeek: [1, 2, 3] },
  });
  const cycle = await db.orderCycle.create({
    data: { startDate: new Date("2030-03-04T00:00:00Z"), cycleLength: 4, isActive: true },
  });
  const line = (dayOfWeek: number) => ({
    menuItemId: meal.id,
    menuItemName: meal.name,
    studentId: child.id,
    studentName: child.name,
    studentGrade: child.grade,
    cycleId: cycle.id,
    date: `2030-03-0${3 + dayOfWeek}`,
    weekNumber: 1,
    dayOfWeek,
    category: null,
    sideDish: null,
    comments: null,
    originalPrice: "30.00",
    discountedPrice: "30.00",
    discountPercentage: 0,
    allergyAcknowledged: false,
  });
  const attempt = (kind: string, dayOfWeek: number, extra: Record<string, unknown> = {}) =>
    db.paymentAttempt.create({
      data: {
        userId: kind === "OPEN" ? other.id : parent.id,
        transactionId: `${prefix}-${kind}-TOKEN`,
        transactionRef: `CANTEEN-${prefix}-${kind}`,
        paymentAmount: "30.00",
        cartItems: { lines: [line(dayOfWeek)], total: "30.00" },
        cartKey: `${prefix}-${kind}`,
        ...extra,
      },
    });
  return {
    parent: { ...parent, username },
    child,
    meal,
    paid: await attempt("PAID", 1),
    open: await attempt("OPEN", 2),
    failed: await attempt("FAILED", 3, {
      transactionStatus: TX.verified,
      status: STATUS.error,
      recoveryStatus: RECOVERY.started,
      errorDetails: "Paid, but a meal day was already ordered; orders need recovery",
    }),
  };
}

async function signedInAt(origin: string, username: string) {
  const browser = new Browser("198.51.99.7", origin);
  const answer = await browser.call(login.POST, "POST", "/api/login", {
    body: { username, password: TEST_PASSWORD },
  });
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return browser;
}

let b: SchoolContext;
let bRows: Awaited<ReturnType<typeof schoolWithPayments>>;
let parentA: Browser;
let adminA: Browser;
/** B's tokens paid at the provider (what the fake answers for them). */
const paidTokens = new Set(["B-PAID-TOKEN", "B-FAILED-TOKEN", "C-PAID-TOKEN"]);

beforeAll(async () => {
  b = await createSchool("second", { name: "Second School" });
  bRows = await schoolWithPayments(b, "B");
  parentA = (await signedIn("parent")).browser;
  adminA = await signedInSuperadmin();
  fake.onVerifyToken((token) =>
    paidTokens.has(token) ? paidXml("30.00", "ZMW") : resultXml("900", "Transaction not paid yet"),
  );
});

const bAttempts = async () =>
  (await testDb(b.id)).paymentAttempt.findMany({
    where: { schoolId: b.id },
    orderBy: { id: "asc" },
  });
const bOrders = async () => (await testDb(b.id)).order.findMany({ where: { schoolId: b.id } });
const askedAbout = (token: string) =>
  fake.requests.filter((r) => r.fields.TransactionToken === token).length;

describe("school A's parent with school B's payments", () => {
  it("is refused B's attempts by token in the path and the body, B's rows unchanged", async () => {
    const before = await bAttempts();
    for (const token of ["B-PAID-TOKEN", "B-OPEN-TOKEN", "CANTEEN-B-PAID"]) {
      expect((await verifyCall({ browser: parentA }, token)).status).toBe(404);
      const recorded = await parentA.call(attempts.POST, "POST", "/api/payments/payment-attempts", {
        body: { transactionId: token },
      });
      expect(recorded.status).toBe(404);
      const reported = await parentA.call(
        update.POST,
        "POST",
        "/api/payments/payment-attempts/update",
        { body: { transactionId: token, transactionStatus: "cancelled" } },
      );
      expect(reported.status).toBe(404);
      expect(JSON.stringify([recorded.body, reported.body])).not.toContain("CANTEEN-B");
    }
    expect(askedAbout("B-PAID-TOKEN") + askedAbout("B-OPEN-TOKEN")).toBe(0);
    expect(await bAttempts()).toEqual(before);
    expect(await bOrders()).toEqual([]);
  });

  it("is no session at B's host with A's cookie", async () => {
    const atB = parentA.at(B_HOST);
    expect((await verifyCall({ browser: atB }, "B-PAID-TOKEN")).status).toBe(401);
    const created = await atB.call(create.POST, "POST", "/api/payments/create", {
      body: { amount: "30.00", currency: "ZMW", cartItems: [] },
    });
    expect(created.status).toBe(401);
    expect(askedAbout("B-PAID-TOKEN")).toBe(0);
  });
});

describe("school A's admin with school B's payments", () => {
  it("cannot check, abandon, submit, retry or recover B's attempts", async () => {
    const before = await bAttempts();
    const { paid, open, failed, child, meal } = bRows;
    for (const key of ["B-PAID-TOKEN", "B-OPEN-TOKEN", "B-FAILED-TOKEN"]) {
      const checked = await adminA.call(
        checkStatus.POST,
        "POST",
        `/api/payments/check-status/${key}`,
        { params: { transactionId: key } },
      );
      expect(checked.status).toBe(404);
    }
    for (const key of ["B-OPEN-TOKEN", "CANTEEN-B-OPEN", "CANTEEN-B-PAID"]) {
      const abandoned = await adminA.call(
        attemptStatus.PUT,
        "PUT",
        `/api/payments/payment-attempts/${key}/status`,
        { params: { transactionId: key }, body: { status: STATUS.abandoned } },
      );
      expect(abandoned.status).toBe(404);
    }
    for (const id of [paid.id, open.id, failed.id]) {
      const params = { id: String(id) };
      const path = `/api/payments/orders/${id}`;
      expect(
        (await adminA.call(processOrder.POST, "POST", `${path}/process`, { params })).status,
      ).toBe(404);
      expect(
        (await adminA.call(retry.POST, "POST", `${path}/retry`, { params, body: {} })).status,
      ).toBe(404);
      const item = {
        menuItemId: meal.id,
        studentId: child.id,
        weekNumber: 1,
        dayOfWeek: 3,
        paymentStatus: "completed",
        paymentProcessor: "DISCOUNT",
      };
      const recovered = await adminA.call(retry.POST, "POST", `${path}/retry`, {
        params,
        body: { cartItems: [item] },
      });
      expect(recovered.status).toBe(404);
    }
    expect(fake.requests.filter((r) => r.fields.TransactionToken?.startsWith("B-"))).toEqual([]);
    expect(await bAttempts()).toEqual(before);
    expect(await bOrders()).toEqual([]);
  });

  it("lists none of B's attempts in Live Orders and Order Recovery, whatever the filter", async () => {
    const queries: Record<string, string>[] = [
      {},
      { transactionId: "B-" },
      { transactionId: "CANTEEN-B" },
    ];
    for (const query of queries) {
      const live = await adminA.call<{ data: { id: number }[] }>(
        liveOrders.GET,
        "GET",
        "/api/payments/live-orders",
        { query },
      );
      expect(live.status).toBe(200);
      expect(JSON.stringify(live.body)).not.toMatch(/B-(PAID|OPEN|FAILED)|B Parent|B Child/);
    }
    const failed = await adminA.call(failedOrders.GET, "GET", "/api/payments/failed-orders");
    expect(failed.status).toBe(200);
    expect(JSON.stringify(failed.body)).not.toMatch(/B-FAILED|B Child|B Stew/);
  });
});

describe("the sweep and a suspended school", () => {
  it("verifies B's open payments at B: B's paid cart becomes B's orders", async () => {
    await reconcileOpenPayments({ olderThanSeconds: 0 });
    const paid = (await bAttempts()).find((a) => a.id === bRows.paid.id);
    expect(paid).toMatchObject({ transactionStatus: TX.verified, isRecovered: true });
    expect(paid?.fulfilledAt).not.toBeNull();
    const orders = await bOrders();
    expect(orders.map((o) => [o.schoolId, o.userId, o.paymentAttemptId])).toEqual([
      [b.id, bRows.parent.id, bRows.paid.id],
    ]);
  });

  it("answers 403 to a new payment at a suspended school, and still fulfils one already paid", async () => {
    const c = await createSchool("closed", { name: "Closed School" });
    const cRows = await schoolWithPayments(c, "C");
    const parentC = await signedInAt(C_HOST, cRows.parent.username);
    await (await getDb()).school.update({ where: { id: c.id }, data: { status: "suspended" } });
    forgetSchools();

    const refused = await parentC.call(create.POST, "POST", "/api/payments/create", {
      body: {
        amount: "30.00",
        currency: "ZMW",
        cartItems: [
          { menuItemId: cRows.meal.id, studentId: cRows.child.id, weekNumber: 1, dayOfWeek: 4 },
        ],
      },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: SCHOOL_CLOSED_MESSAGE });
    const mobile = await parentC.call(create.POST, "POST", "/api/payments/create", {
      body: {
        amount: "30.00",
        currency: "ZMW",
        cartItems: [
          { menuItemId: cRows.meal.id, studentId: cRows.child.id, weekNumber: 1, dayOfWeek: 4 },
        ],
        paymentMethod: "MOBILE",
        mobileNumber: "0971234567",
        mobileOperator: "airtel",
      },
    });
    expect(mobile.status).toBe(403);
    expect(fake.requestsNamed("createToken")).toEqual([]);

    const verified = await verifyCall({ browser: parentC }, "C-PAID-TOKEN");
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, TransactionStatus: "verified" });
    const cOrders = await (await testDb(c.id)).order.findMany({ where: { schoolId: c.id } });
    expect(cOrders.map((o) => o.paymentAttemptId)).toEqual([cRows.paid.id]);
  });
});
