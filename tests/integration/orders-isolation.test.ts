// Orders, credit, refunds, discount codes and students are the school's own (issue 45): school B
// holds a parent, a child, a meal, a cycle, orders (paid, awaiting a transfer, cancelled and paid,
// refunded), credit and a discount code. Called as school A's parent and admin with B's ids in the
// path, the query and the body, no route answers a 2xx carrying B's data, and B's rows read back
// unchanged; A's cookie on B's host is no session. A suspended school takes no new order (free,
// credit, or by transfer): 403 with the closed sentence and nothing written, while its admin still
// reads.
import { beforeAll, describe, expect, it } from "@jest/globals";
import * as accountCredit from "@/app/api/account/credit/route";
import * as cycleOrders from "@/app/api/cycle-orders/route";
import * as codeById from "@/app/api/discount-codes/[id]/route";
import * as codes from "@/app/api/discount-codes/route";
import * as deleteCode from "@/app/api/discounts/[id]/route";
import * as myCode from "@/app/api/discounts/my-discount-code/route";
import * as login from "@/app/api/login/route";
import * as validate from "@/app/api/menu-items/validate/route";
import * as cancel from "@/app/api/orders/[id]/cancel/route";
import * as orders from "@/app/api/orders/route";
import * as orderStatus from "@/app/api/orders/status/route";
import * as parentCredit from "@/app/api/parents/[id]/credit/route";
import * as adminStudent from "@/app/api/parents/students/[id]/route";
import * as pending from "@/app/api/payments/pending/route";
import * as verify from "@/app/api/payments/verify/route";
import * as complete from "@/app/api/refunds/[orderId]/complete/route";
import * as refunds from "@/app/api/refunds/route";
import * as studentCare from "@/app/api/students/[id]/care/route";
import * as student from "@/app/api/students/[id]/route";
import * as students from "@/app/api/students/route";
import * as userSearch from "@/app/api/users/search/route";
import { SCHOOL_CLOSED_MESSAGE, type SchoolContext } from "@/lib/contracts/schools";
import { getDb } from "@/lib/db";
import { forgetSchools } from "@/lib/schools/resolve-school";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  signedIn,
  signedInSuperadmin,
  TEST_PASSWORD,
} from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { bRowsNow, schoolWithOrders } from "@/tests/support/orders-isolation-fixtures";
import { createSchool, testDb } from "@/tests/support/school";

const B_HOST = "http://second.localhost:3000";
const C_HOST = "http://closed.localhost:3000";
const B_TEXT = /B Parent|B Child|B Stew|BCODE|b\.parent/;

async function signedInAt(origin: string, username: string, password = TEST_PASSWORD) {
  const browser = new Browser("198.51.99.8", origin);
  const answer = await browser.call(login.POST, "POST", "/api/login", {
    body: { username, password },
  });
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return browser;
}

let b: SchoolContext;
let bRows: Awaited<ReturnType<typeof schoolWithOrders>>;
let before: Awaited<ReturnType<typeof bRowsNow>>;
let parentA: Browser;
let adminA: Browser;
let childA: { id: number };
let mealA: { id: number };

beforeAll(async () => {
  b = await createSchool("second", { name: "Second School" });
  bRows = await schoolWithOrders(b, "B");
  before = await bRowsNow(b.id);
  await activeCycle();
  mealA = await addMenuItem({ price: "30.00", categories: [], sideDishes: [] });
  const parent = await signedIn("parent", [], { withEmail: true });
  parentA = parent.browser;
  childA = await addStudent(parent.id, "A Child", "3");
  adminA = await signedInSuperadmin();
});

/** Not a 2xx, or a 2xx that names nothing of B's. */
function expectNothingOfB(answer: { status: number; body: unknown }, refused = true) {
  if (refused) expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(JSON.stringify(answer.body)).not.toMatch(B_TEXT);
}

describe("school A's parent with school B's ids", () => {
  it("sees none of B's orders, credit or code, and cannot cancel B's order", async () => {
    const mine = await parentA.call(orders.GET, "GET", "/api/orders");
    expect(mine.status).toBe(200);
    expectNothingOfB(mine, false);
    for (const id of [bRows.paid.id, bRows.awaiting.id]) {
      const params = { id: String(id) };
      expectNothingOfB(
        await parentA.call(cancel.POST, "POST", `/api/orders/${id}/cancel`, { params }),
      );
    }
    const credit = await parentA.call(accountCredit.GET, "GET", "/api/account/credit");
    expect(credit.body).toMatchObject({ balance: "0.00", entries: [] });
    expectNothingOfB(await parentA.call(myCode.GET, "GET", "/api/discounts/my-discount-code"));
  });

  it("cannot order for B's child or B's meal, nor validate B's meal as A's", async () => {
    const line = (studentId: number, menuItemId: number) => ({
      menuItemId,
      studentId,
      weekNumber: 1,
      dayOfWeek: 1,
      comments: "",
    });
    for (const body of [[line(bRows.child.id, bRows.meal.id)], [line(bRows.child.id, mealA.id)]]) {
      expectNothingOfB(await parentA.call(orders.POST, "POST", "/api/orders", { body }));
    }
    const bMeal = await parentA.call(orders.POST, "POST", "/api/orders", {
      body: [line(childA.id, bRows.meal.id)],
    });
    expect(bMeal.status).toBe(409);
    expect(bMeal.body).toMatchObject({ missingItems: [bRows.meal.id] });
    const checked = await parentA.call(validate.POST, "POST", "/api/menu-items/validate", {
      body: { menuItemIds: [bRows.meal.id], items: [line(bRows.child.id, bRows.meal.id)] },
    });
    expect(checked.body).toMatchObject({ valid: [], missing: [bRows.meal.id] });
  });

  it("cannot read, change or delete B's child, nor add one to B's parent", async () => {
    const id = String(bRows.child.id);
    const change = { name: "Taken", grade: "4" };
    const path = `/api/students/${id}`;
    expectNothingOfB(
      await parentA.call(student.PUT, "PUT", path, { params: { id }, body: change }),
    );
    expectNothingOfB(await parentA.call(student.DELETE, "DELETE", path, { params: { id } }));
    const care = { allergies: [], dietaryNotes: "x", allergyConsent: true };
    expectNothingOfB(
      await parentA.call(studentCare.PUT, "PUT", `${path}/care`, { params: { id }, body: care }),
    );
    const query = { parentId: String(bRows.parent.id) };
    expectNothingOfB(await parentA.call(students.GET, "GET", "/api/students", { query }));
    const added = await parentA.call(students.POST, "POST", "/api/students", {
      body: { name: "Intruder", grade: "3", parent_id: bRows.parent.id },
    });
    expectNothingOfB(added);
    expect(await bRowsNow(b.id)).toEqual(before);
  });

  it("is no session on B's host", async () => {
    const atB = parentA.at(B_HOST);
    expect((await atB.call(orders.GET, "GET", "/api/orders")).status).toBe(401);
    const params = { id: String(bRows.paid.id) };
    const cancelled = await atB.call(cancel.POST, "POST", `/api/orders/${bRows.paid.id}/cancel`, {
      params,
    });
    expect(cancelled.status).toBe(401);
    expect((await atB.call(accountCredit.GET, "GET", "/api/account/credit")).status).toBe(401);
    expect(await bRowsNow(b.id)).toEqual(before);
  });
});

describe("school A's admin with school B's ids", () => {
  it("lists none of B's orders, refunds, pending payments, codes or accounts", async () => {
    const reads = [
      await adminA.call(orders.GET, "GET", "/api/orders", { query: { unpaginated: "true" } }),
      await adminA.call(cycleOrders.GET, "GET", "/api/cycle-orders", {
        query: { cycleId: String(bRows.cycle.id) },
      }),
      await adminA.call(refunds.GET, "GET", "/api/refunds"),
      await adminA.call(pending.GET, "GET", "/api/payments/pending"),
      await adminA.call(codes.GET, "GET", "/api/discount-codes"),
      await adminA.call(userSearch.GET, "GET", "/api/users/search", { query: { q: "b.par" } }),
    ];
    for (const answer of reads) expectNothingOfB(answer, false);
    expect(reads[1]!.body).toMatchObject({ data: [], metadata: { total: 0 } });
  });

  it("changes none of B's orders, refunds, payments, credit, codes or students", async () => {
    const { paid, awaiting, cancelled, code, parent, child } = bRows;
    const status = await adminA.call(orderStatus.POST, "POST", "/api/orders/status", {
      body: { orderIds: [paid.id, awaiting.id], status: "cancelled" },
    });
    expect(status.body).toMatchObject({ updated: 0 });
    const verified = await adminA.call(verify.PUT, "PUT", "/api/payments/verify", {
      body: { orderIds: [awaiting.id] },
    });
    expect(verified.body).toMatchObject({ updated: 0 });
    const refund = await adminA.call(
      complete.POST,
      "POST",
      `/api/refunds/${cancelled.id}/complete`,
      {
        params: { orderId: String(cancelled.id) },
        body: { method: "credit", reference: null, note: null },
      },
    );
    expectNothingOfB(refund);
    const creditParams = { params: { id: String(parent.id) } };
    const creditPath = `/api/parents/${parent.id}/credit`;
    expectNothingOfB(await adminA.call(parentCredit.GET, "GET", creditPath, creditParams));
    expectNothingOfB(
      await adminA.call(parentCredit.POST, "POST", creditPath, {
        ...creditParams,
        body: { amount: "-50.00", reason: "taken" },
      }),
    );
    const codeParams = { params: { id: String(code.id) } };
    expectNothingOfB(
      await adminA.call(codeById.PUT, "PUT", `/api/discount-codes/${code.id}`, {
        ...codeParams,
        body: { isActive: false },
      }),
    );
    expectNothingOfB(
      await adminA.call(deleteCode.DELETE, "DELETE", `/api/discounts/${code.id}`, codeParams),
    );
    expectNothingOfB(
      await adminA.call(codes.POST, "POST", "/api/discount-codes", {
        body: { code: "BCODE2", userId: parent.id, discountPercentage: 10, isActive: false },
      }),
    );
    const childParams = { params: { id: String(child.id) } };
    const childPath = `/api/parents/students/${child.id}`;
    expectNothingOfB(
      await adminA.call(adminStudent.PUT, "PUT", childPath, {
        ...childParams,
        body: { name: "Taken", grade: "4" },
      }),
    );
    expectNothingOfB(
      await adminA.call(adminStudent.DELETE, "DELETE", childPath, {
        ...childParams,
        query: { force: "true" },
      }),
    );
    const query = { parentId: String(parent.id) };
    expectNothingOfB(await adminA.call(students.GET, "GET", "/api/students", { query }));
    expectNothingOfB(
      await adminA.call(students.POST, "POST", "/api/students", {
        body: { name: "Intruder", grade: "3", parentId: parent.id },
      }),
    );
    expect(await bRowsNow(b.id)).toEqual(before);
  });

  it("is no session on B's host", async () => {
    const atB = adminA.at(B_HOST);
    const query = { cycleId: String(bRows.cycle.id) };
    expect((await atB.call(cycleOrders.GET, "GET", "/api/cycle-orders", { query })).status).toBe(
      401,
    );
    expect((await atB.call(refunds.GET, "GET", "/api/refunds")).status).toBe(401);
    expect(await bRowsNow(b.id)).toEqual(before);
  });
});

describe("a suspended school", () => {
  it("takes no new order, free, by credit or by transfer: 403 and nothing written", async () => {
    const c = await createSchool("closed", { name: "Closed School" });
    const cRows = await schoolWithOrders(c, "C");
    const parentC = await signedInAt(C_HOST, cRows.parent.username);
    const adminC = await signedInAt(C_HOST, "superadmin", c.adminPassword);
    await (await getDb()).school.update({ where: { id: c.id }, data: { status: "suspended" } });
    forgetSchools();
    const written = await bRowsNow(c.id);

    const cart = [
      { menuItemId: cRows.meal.id, studentId: cRows.child.id, weekNumber: 2, dayOfWeek: 1 },
    ];
    // Free (the parent's 100% code), then credit alone once the code is off, then by transfer.
    const free = await parentC.call(orders.POST, "POST", "/api/orders", { body: cart });
    await (
      await testDb(c.id)
    ).discountCode.updateMany({
      where: { schoolId: c.id },
      data: { isActive: false },
    });
    const credit = await parentC.call(orders.POST, "POST", "/api/orders", { body: cart });
    const transfer = await parentC.call(orders.POST, "POST", "/api/orders", {
      body: cart,
      query: { paymentMethod: "alternative" },
    });
    for (const answer of [free, credit, transfer]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ message: SCHOOL_CLOSED_MESSAGE });
    }
    const after = await bRowsNow(c.id);
    expect(after.orders).toEqual(written.orders);
    expect(after.credit).toEqual(written.credit);
    expect(after.outbox).toEqual(written.outbox);

    // Its admin still reads, and its parent still reads their orders.
    const query = { cycleId: String(cRows.cycle.id) };
    const read = await adminC.call(cycleOrders.GET, "GET", "/api/cycle-orders", { query });
    expect(read.status).toBe(200);
    expect((await parentC.call(orders.GET, "GET", "/api/orders")).status).toBe(200);
  });
});
