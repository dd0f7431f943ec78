// Nothing crosses between schools (issue 45): every route handler under app/api is called as
// every role of school A (the default school) with school B's ids in the path, the query and the
// body, and with A's cookies at B's address. Never a 2xx carrying B's data, never a 5xx, and B's
// rows, read back from the database afterwards, are exactly as they were. fast-check picks which
// of B's ids go where and the shapes of the bodies.
import { beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { FEATURES } from "@/lib/contracts/permissions";
import { SCHOOL_MODELS } from "@/lib/scope/school-models";
import {
  adminHolding,
  concretePath,
  discoverEndpoints,
  MATRIX,
  PROVIDER_REFUSALS,
  teacher,
  type Endpoint,
} from "@/tests/support/api-access";
import { signedInSuperadmin, signedUpParent } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { createSchool, testDb } from "@/tests/support/school";

const B_HOST = "http://second.localhost:3000";
/** Every text of B's rows carries this, so an answer holding any of them is seen. */
const MARK = "Bxq7";

type BRows = {
  schoolId: number;
  ids: number[];
  texts: string[];
};

async function schoolB(): Promise<BRows> {
  const school = await createSchool("second", { name: "Second School" });
  const db = await testDb(school.id);
  const parent = await db.user.create({
    data: {
      username: `${MARK}parent`,
      usernameKey: `${MARK.toLowerCase()}parent`,
      passwordHash: "not-a-hash",
      name: `${MARK} Parent`,
      email: `${MARK.toLowerCase()}@second.example`,
      phone: "+260 97 7000001",
    },
  });
  const teacherRow = await db.user.create({
    data: {
      username: `${MARK}teacher`,
      usernameKey: `${MARK.toLowerCase()}teacher`,
      passwordHash: "not-a-hash",
      name: `${MARK} Teacher`,
      role: "teacher",
    },
  });
  const child = await db.student.create({
    data: {
      name: `${MARK} Child`,
      grade: "4",
      parentId: parent.id,
      allergies: ["Peanuts"],
      dietaryNotes: `${MARK} no pork`,
      allergyConsentAt: new Date(),
    },
  });
  const item = await db.menuItem.create({
    data: {
      name: `${MARK} Stew`,
      price: "40.00",
      weekNumbers: [1, 2, 3, 4],
      daysOfWeek: [1, 2, 3, 4, 5],
    },
  });
  const cycle = await db.orderCycle.create({
    data: { startDate: new Date("2026-11-30T00:00:00Z"), cycleLength: 4, isActive: true },
  });
  const attempt = await db.paymentAttempt.create({
    data: {
      userId: parent.id,
      transactionRef: `${MARK}-REF-1`,
      transactionId: `${MARK}-TOKEN-1`,
      paymentAmount: "40.00",
      cartItems: [],
      transactionStatus: "verified",
      status: "Orders Created",
    },
  });
  const open = await db.paymentAttempt.create({
    data: {
      userId: parent.id,
      transactionRef: `${MARK}-REF-2`,
      transactionId: `${MARK}-TOKEN-2`,
      paymentAmount: "40.00",
      cartItems: [],
    },
  });
  const order = await db.order.create({
    data: {
      userId: parent.id,
      studentId: child.id,
      menuItemId: item.id,
      cycleId: cycle.id,
      weekNumber: 1,
      dayOfWeek: 2,
      comments: `${MARK} comment`,
      originalPrice: "40.00",
      discountedPrice: "40.00",
      paymentStatus: "confirmed",
      paymentProcessor: "DPO",
      paymentAttemptId: attempt.id,
    },
  });
  const refunded = await db.order.create({
    data: {
      userId: parent.id,
      studentId: child.id,
      menuItemId: item.id,
      cycleId: cycle.id,
      weekNumber: 1,
      dayOfWeek: 3,
      originalPrice: "40.00",
      discountedPrice: "40.00",
      status: "refunded",
      paymentStatus: "confirmed",
    },
  });
  await db.orderRefund.create({
    data: { orderId: refunded.id, method: "cash", note: `${MARK} refund note` },
  });
  await db.creditEntry.create({
    data: { userId: parent.id, amount: "25.00", kind: "adjustment", reason: `${MARK} credit` },
  });
  const code = await db.discountCode.create({
    data: { code: `${MARK}CODE`, userId: parent.id, discountPercentage: 20 },
  });
  const message = await db.contactMessage.create({
    data: {
      userId: parent.id,
      name: `${MARK} Parent`,
      email: `${MARK.toLowerCase()}@second.example`,
      text: `${MARK} message`,
    },
  });
  await db.auditLog.create({
    data: { actorId: parent.id, action: "test", entity: "Order", entityId: String(order.id) },
  });
  await db.emailOutbox.create({
    data: {
      userId: parent.id,
      to: `${MARK.toLowerCase()}@second.example`,
      subject: `${MARK} mail`,
      text: `${MARK}`,
    },
  });
  return {
    schoolId: school.id,
    ids: [
      parent.id,
      teacherRow.id,
      child.id,
      item.id,
      cycle.id,
      attempt.id,
      open.id,
      order.id,
      refunded.id,
      code.id,
      message.id,
    ],
    texts: [`${MARK}-REF-1`, `${MARK}-TOKEN-1`, `${MARK}-REF-2`, `${MARK}-TOKEN-2`, `${MARK}CODE`],
  };
}

/** A digest of every row of school B, table by table. */
async function digestOf(schoolId: number): Promise<Record<string, string>> {
  const db = await testDb(schoolId);
  const out: Record<string, string> = {};
  for (const table of [...SCHOOL_MODELS].sort()) {
    if (table === "Session" || table === "RateLimit" || table === "CacheVersion") continue;
    const rows = await db.$queryRawUnsafe<{ digest: string }[]>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest
       FROM "${table}" t WHERE t."schoolId" = $1`,
      schoolId,
    );
    out[table] = rows[0]?.digest ?? "";
  }
  return out;
}

const ID_KEYS = ["id", "userId", "parentId", "studentId", "menuItemId", "cycleId", "orderId"];

/** Bodies and queries naming B's rows, in the shapes the handlers read. */
function hostileInput(ids: number[], texts: string[]) {
  const id = fc.constantFrom(...ids);
  const text = fc.constantFrom(...texts);
  const named = fc.record(Object.fromEntries(ID_KEYS.map((k) => [k, id])), {
    requiredKeys: [],
  });
  const line = fc.record({
    menuItemId: id,
    studentId: id,
    cycleId: id,
    weekNumber: fc.constant(1),
    dayOfWeek: fc.integer({ min: 1, max: 5 }),
  });
  const body = fc.oneof(
    named,
    fc.record({ ids: fc.array(id, { minLength: 1, maxLength: 3 }) }),
    fc.record({ orderIds: fc.array(id, { minLength: 1, maxLength: 3 }) }),
    fc.record({ items: fc.array(line, { minLength: 1, maxLength: 2 }) }),
    fc.record({ transactionToken: text, companyRef: text, TransactionToken: text }),
    fc.record({ code: text, username: text, email: text }),
  );
  const query = fc.oneof(
    named.map((q) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]))),
    fc.record({ TransactionToken: text, CompanyRef: text, reference: text, code: text }),
  );
  return fc.record({ pathId: id, body, query });
}

type Role = "parent" | "teacher" | "adminWithout" | "adminWith" | "superadmin";
let endpoints: Endpoint[] = [];
let roles: Record<Role, Browser>;
let b: BRows;

beforeAll(async () => {
  endpoints = (await discoverEndpoints()).filter((e) => !MATRIX[e.key]?.throwaway);
  b = await schoolB();
  roles = {
    parent: (await signedUpParent()).browser,
    teacher: await teacher(),
    adminWithout: await adminHolding([]),
    adminWith: await adminHolding([...FEATURES]),
    superadmin: await signedInSuperadmin(),
  };
}, 120_000);

function leaks(status: number, text: string): boolean {
  return (
    status >= 200 && status < 300 && (text.includes(MARK) || b.texts.some((t) => text.includes(t)))
  );
}

describe("school A's callers with school B's ids", () => {
  it("never get B's data or change B's rows, on any route", async () => {
    const before = await digestOf(b.schoolId);
    const wrong: string[] = [];
    for (const endpoint of endpoints) {
      for (const [role, browser] of Object.entries(roles)) {
        await fc.assert(
          fc.asyncProperty(hostileInput(b.ids, b.texts), async ({ pathId, body, query }) => {
            const { url, params } = concretePath(endpoint.template);
            const filled = Object.fromEntries(
              Object.keys(params).map((k) => [k, k === "week" ? "1" : String(pathId)]),
            );
            const path = endpoint.template.replace(
              /\[(\w+)\]/g,
              (_, k: string) => filled[k] ?? url,
            );
            const res = await browser.respond(endpoint.handler, endpoint.method, path, {
              params: filled,
              query: { ...(MATRIX[endpoint.key]?.query ?? {}), ...query },
              ...(endpoint.method === "GET" ? {} : { body }),
            });
            const text = await res.text();
            if (res.status >= 500 || leaks(res.status, text)) {
              wrong.push(`${endpoint.key} as ${role}: ${res.status} ${text.slice(0, 160)}`);
            }
          }),
          { numRuns: 3, seed: 45 },
        );
      }
    }
    expect(wrong).toEqual([]);
    expect(await digestOf(b.schoolId)).toEqual(before);
  }, 600_000);
});

describe("school A's cookies at school B's address", () => {
  it("are no session there: 401 wherever a session is needed, and nothing of B's", async () => {
    const before = await digestOf(b.schoolId);
    const wrong: string[] = [];
    for (const endpoint of endpoints) {
      const row = MATRIX[endpoint.key];
      for (const [role, browser] of Object.entries(roles)) {
        const there = browser.at(B_HOST);
        const { url, params } = concretePath(endpoint.template);
        const res = await there.respond(endpoint.handler, endpoint.method, url, {
          params,
          query: row?.query,
          ...(endpoint.method === "GET" ? {} : { rawBody: "{}" }),
        });
        const text = await res.text();
        // A provider's callback needs no session but its own proof: refused here all the same.
        const needsSession =
          row !== undefined && row.access !== "public" && row.access !== "provider";
        const provider = row?.access === "provider" && !PROVIDER_REFUSALS.includes(res.status);
        if (
          res.status >= 500 ||
          leaks(res.status, text) ||
          provider ||
          (needsSession && res.status !== 401)
        ) {
          wrong.push(`${endpoint.key} as A's ${role} at B: ${res.status} ${text.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await digestOf(b.schoolId)).toEqual(before);
  }, 300_000);
});
