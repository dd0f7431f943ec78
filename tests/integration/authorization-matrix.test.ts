import { beforeAll, describe, expect, it } from "@jest/globals";
import { FEATURES } from "@/lib/contracts/permissions";
import { key, testDb } from "@/tests/support/school";
import {
  adminHolding,
  concretePath,
  discoverEndpoints,
  featureOf,
  MATRIX,
  PROVIDER_REFUSALS,
  teacher,
  type Access,
  type Endpoint,
  type Row,
} from "@/tests/support/api-access";
import { signedInSuperadmin, signedUpParent, uniqueName } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";

// The authorization matrix (issue 7): every route handler and method under app/api, called by
// every kind of caller, against a table of who may pass. "Passes" means the answer is neither 401
// nor 403 (a 404 for a missing row or a 422 for the empty body still shows the caller got past
// the access check); no caller ever gets a 5xx. A route without a row fails the first test, so a
// new route cannot ship without deciding who may call it.

type Caller = "signedOut" | "parent" | "teacher" | "adminWithout" | "adminWith" | "superadmin";

const CALLERS: Caller[] = [
  "signedOut",
  "parent",
  "teacher",
  "adminWithout",
  "adminWith",
  "superadmin",
];

function mayPass(access: Access, caller: Caller): boolean {
  if (access === "public") return true;
  if (access === "provider") return false;
  if (caller === "signedOut") return false;
  if (access === "user") return true;
  const isAdmin = caller.startsWith("admin") || caller === "superadmin";
  if (access === "parent-teacher") return !isAdmin;
  if (access === "admin") return isAdmin;
  if ("parentTeacherOr" in access && !isAdmin) return true;
  return caller === "adminWith" || caller === "superadmin";
}

const withFeature = new Map<string, Browser>();
let endpoints: Endpoint[] = [];
let callers: Record<Exclude<Caller, "adminWith">, () => Promise<Browser>>;

beforeAll(async () => {
  endpoints = await discoverEndpoints();
  const shared = {
    parent: (await signedUpParent()).browser,
    teacher: await teacher(),
    adminWithout: await adminHolding([]),
    superadmin: await signedInSuperadmin(),
  };
  callers = {
    signedOut: async () => new Browser(),
    parent: async () => shared.parent,
    teacher: async () => shared.teacher,
    adminWithout: async () => shared.adminWithout,
    superadmin: async () => shared.superadmin,
  };
}, 120_000);

async function callerFor(caller: Caller, row: Row): Promise<Browser> {
  if (caller === "adminWith") {
    const features = featureOf(row.access);
    const key = row.throwaway ? uniqueName("throwaway") : features.join(",") || "all";
    if (!withFeature.has(key)) {
      withFeature.set(key, await adminHolding(features.length > 0 ? features : [...FEATURES]));
    }
    return withFeature.get(key)!;
  }
  if (!row.throwaway) return callers[caller]();
  switch (caller) {
    case "parent":
      return (await signedUpParent()).browser;
    case "teacher":
      return teacher();
    case "adminWithout":
      return adminHolding([]);
    case "superadmin":
      return signedInSuperadmin();
    default:
      return callers[caller]();
  }
}

describe("the authorization matrix", () => {
  it("has exactly one row for every route handler and method under app/api", () => {
    const discovered = endpoints.map((e) => e.key);
    expect(discovered.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !discovered.includes(key))).toEqual([]);
  });

  it("lets through exactly the callers the table names, and never answers 5xx", async () => {
    const wrong: string[] = [];
    for (const endpoint of endpoints) {
      const row = MATRIX[endpoint.key];
      if (!row) continue;
      const { url, params } = concretePath(endpoint.template);
      for (const caller of CALLERS) {
        const browser = await callerFor(caller, row);
        const answer = await browser.call(endpoint.handler, endpoint.method, url, {
          params,
          query: row.query,
          ...(endpoint.method === "GET" ? {} : { rawBody: "{}" }),
        });
        const passed =
          row.access === "provider"
            ? !PROVIDER_REFUSALS.includes(answer.status)
            : answer.status !== 401 && answer.status !== 403;
        const expected = mayPass(row.access, caller);
        if (answer.status >= 500 || passed !== expected) {
          wrong.push(
            `${endpoint.key} as ${caller}: ${answer.status}, expected ${expected ? "to pass" : "401/403"}`,
          );
        }
        if (
          !expected &&
          caller === "signedOut" &&
          !["public", "provider"].includes(row.access as string)
        ) {
          if (answer.status !== 401)
            wrong.push(`${endpoint.key} signed out: ${answer.status}, not 401`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});

describe("rows owned by someone else", () => {
  it("answer 404, not 403, so a parent cannot even learn that they exist", async () => {
    const owner = await signedUpParent();
    const stranger = await signedUpParent();
    const db = await testDb();
    const child = await db.student.create({
      data: { name: "Owned Child", grade: "4", parentId: owner.id },
    });
    const item = await db.menuItem.create({
      data: { name: uniqueName("Owned meal "), price: "20.00", weekNumbers: [1], daysOfWeek: [1] },
    });
    const cycle = await db.orderCycle.create({
      data: { startDate: new Date("2026-01-05T00:00:00Z"), cycleLength: 4, isActive: false },
    });
    const order = await db.order.create({
      data: {
        userId: owner.id,
        studentId: child.id,
        menuItemId: item.id,
        cycleId: cycle.id,
        weekNumber: 1,
        dayOfWeek: 1,
        originalPrice: "20.00",
        discountedPrice: "20.00",
      },
    });
    const token = uniqueName("TOKEN-");
    await db.paymentAttempt.create({
      data: {
        userId: owner.id,
        transactionId: token,
        transactionRef: uniqueName("REF-"),
        paymentAmount: "20.00",
        cartItems: { lines: [], total: "20.00" },
      },
    });

    const studentRoute = await import("@/app/api/students/[id]/route");
    const cancelRoute = await import("@/app/api/orders/[id]/cancel/route");
    const verifyRoute = await import("@/app/api/payments/verify/[token]/route");
    const updateRoute = await import("@/app/api/payments/payment-attempts/update/route");
    const answers = [
      await stranger.browser.call(studentRoute.PUT, "PUT", `/api/students/${child.id}`, {
        params: { id: String(child.id) },
        body: { name: "Renamed", grade: "5" },
      }),
      await stranger.browser.call(studentRoute.DELETE, "DELETE", `/api/students/${child.id}`, {
        params: { id: String(child.id) },
      }),
      await stranger.browser.call(cancelRoute.POST, "POST", `/api/orders/${order.id}/cancel`, {
        params: { id: String(order.id) },
      }),
      await stranger.browser.call(verifyRoute.POST, "POST", `/api/payments/verify/${token}`, {
        params: { token },
      }),
      await stranger.browser.call(
        updateRoute.POST,
        "POST",
        "/api/payments/payment-attempts/update",
        {
          body: { transactionId: token, transactionStatus: "cancelled" },
        },
      ),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
    // And nothing changed.
    expect(await db.student.findUnique({ where: key(child.id) })).toMatchObject({
      name: "Owned Child",
      archivedAt: null,
    });
    expect(await db.order.findUnique({ where: key(order.id) })).toMatchObject({
      status: "pending",
    });
    expect(
      await db.paymentAttempt.findUnique({
        where: { schoolId_transactionId: { schoolId: 1, transactionId: token } },
      }),
    ).toMatchObject({
      transactionStatus: "initiated",
    });
  });
});
