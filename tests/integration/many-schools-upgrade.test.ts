// Upgrading an existing install to many schools (issue 45): a database made by every migration
// before `*_many_schools`, with rows in every table, is migrated the rest of the way. Every row is
// still there with the same ids and values, now in the default school (id 1), School 1 exists, and
// from then on an INSERT that does not name its school fails.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { applyPendingMigrations } from "@/lib/migrations/schema-engine";
import { databaseBefore, type EarlierDatabase } from "@/tests/support/migrations-before";

const SLOW = 180_000;
const MANY_SCHOOLS = /_many_schools$/;

// Every table of the install before the upgrade, each with its rows written below.
const TABLES = [
  "User",
  "Session",
  "TemporaryPassword",
  "Student",
  "MenuItem",
  "OrderCycle",
  "PaymentAttempt",
  "Order",
  "DiscountCode",
  "Setting",
  "CacheVersion",
  "EmailOutbox",
  "RateLimit",
  "AuditLog",
  "SandboxTransaction",
  "ContactMessage",
  "OrderReminder",
  "JobRun",
  "CreditEntry",
  "OrderRefund",
] as const;

// Ids far from 1, so a row renumbered by the upgrade would show.
const DATA = `
INSERT INTO "User" ("id", "username", "usernameKey", "passwordHash", "name", "email", "phone",
  "role", "allowedFeatures", "emailVerifiedAt", "updatedAt", "orderReminders", "pendingEmail")
VALUES
  (41, 'superadmin', 'superadmin', '$argon2id$admin', 'Super Admin', NULL, NULL, 'admin',
   ARRAY['orders', 'settings'], NULL, '2026-01-02T08:00:00Z', false, NULL),
  (42, 'Mwila.Banda', 'mwila.banda', '$argon2id$parent', 'Mwila Banda', 'mwila@example.com',
   '+260971234567', 'parent', ARRAY[]::text[], '2026-01-03T09:00:00Z', '2026-01-03T09:00:00Z',
   true, 'new@example.com'),
  (43, 'teacher.phiri', 'teacher.phiri', '$argon2id$teacher', 'Mr Phiri', 't@example.com', NULL,
   'teacher', ARRAY[]::text[], NULL, '2026-01-04T10:00:00Z', true, NULL);
INSERT INTO "Session" ("id", "userId", "expiresAt", "lastSeenAt")
VALUES ('sid-parent', 42, '2030-01-01T00:00:00Z', '2026-02-01T07:00:00Z');
INSERT INTO "TemporaryPassword" ("id", "userId", "passwordHash", "expiresAt", "usedAt")
VALUES (17, 42, '$argon2id$temp', '2026-02-02T00:00:00Z', NULL);
INSERT INTO "Student" ("id", "name", "grade", "parentId", "updatedAt", "allergies", "className",
  "dietaryNotes", "allergyConsentAt")
VALUES (23, 'Chipo Banda', '3', 42, '2026-01-05T00:00:00Z', ARRAY['peanuts'], '3B',
  'No pork', '2026-01-05T00:00:00Z'),
  (24, 'Mr Phiri', 'Staff', 43, '2026-01-05T00:00:00Z', ARRAY[]::text[], NULL, NULL, NULL);
INSERT INTO "MenuItem" ("id", "name", "description", "price", "discountPrice", "type",
  "categories", "proteinDescriptions", "weekNumbers", "daysOfWeek", "allergens", "sideDishes",
  "updatedAt")
VALUES (31, 'Chicken stew', 'With greens', 45.50, 40.00, 'primary', ARRAY['chicken'],
  '{"chicken": "Free-range"}', ARRAY[1, 2], ARRAY[1, 3, 5], ARRAY['gluten'], ARRAY['Nshima'],
  '2026-01-06T00:00:00Z');
INSERT INTO "OrderCycle" ("id", "startDate", "cycleLength", "isActive", "blockedDays",
  "orderingOpensAt")
VALUES (5, '2026-01-05', 4, true, '[{"weekNumber": 1, "dayOfWeek": 3}]', '2026-01-01T00:00:00Z');
INSERT INTO "PaymentAttempt" ("id", "userId", "transactionId", "transactionRef", "paymentAmount",
  "cartItems", "transactionStatus", "status", "updatedAt", "cartKey", "mobileNumber",
  "mobileOperator", "paymentMethod", "creditAmount", "verifiedAt", "fulfilledAt")
VALUES (61, 42, 'TOKEN-61', 'REF-61', 45.50, '[{"menuItemId": 31, "studentId": 23}]',
  'completed', 'Payment Completed', '2026-01-07T00:00:00Z', 'cart-61', '+260971234567', 'MTN',
  'MOBILE', 0, '2026-01-07T00:00:00Z', '2026-01-07T00:00:00Z');
INSERT INTO "Order" ("id", "userId", "studentId", "menuItemId", "cycleId", "weekNumber",
  "dayOfWeek", "category", "sideDish", "comments", "originalPrice", "discountedPrice",
  "discountPercentage", "status", "paymentStatus", "paymentProcessor", "paymentAttemptId",
  "updatedAt", "allergyAcknowledged")
VALUES (71, 42, 23, 31, 5, 1, 2, 'chicken', 'Nshima', 'Small portion', 45.50, 45.50, 0,
  'completed', 'confirmed', 'DPO', 61, '2026-01-07T00:00:00Z', true),
  (72, 42, 23, 31, 5, 2, 1, 'chicken', 'Nshima', NULL, 45.50, 40.95, 10, 'refunded',
  'confirmed', 'DPO', 61, '2026-01-08T00:00:00Z', true);
INSERT INTO "DiscountCode" ("id", "code", "userId", "discountPercentage", "updatedAt")
VALUES (11, 'BANDA10', 42, 10, '2026-01-09T00:00:00Z');
INSERT INTO "Setting" ("key", "value", "updatedAt")
VALUES ('cutoff', '{"cutoffHour": 8, "cutoffMinute": 30}', '2026-01-10T00:00:00Z'),
  ('communication', '{"supportEmail": "office@school.example"}', '2026-01-10T00:00:00Z');
INSERT INTO "EmailOutbox" ("id", "to", "subject", "text", "status", "attempts", "userId",
  "erasure", "sentAt")
VALUES (81, 'mwila@example.com', 'Your order', 'Thank you', 'sent', 1, 42, 'after_retention',
  '2026-01-07T00:00:01Z'),
  (82, 'office@school.example', 'Portal message from Mwila.Banda', 'Hello', 'pending', 0, 42,
  'after_retention', NULL);
INSERT INTO "RateLimit" ("key", "count", "windowStart", "expiresAt")
VALUES ('login:ip:10.0.0.1', 3, '2026-01-11T00:00:00Z', '2026-01-11T00:15:00Z');
INSERT INTO "AuditLog" ("id", "actorId", "action", "entity", "entityId", "details")
VALUES (91, 41, 'order.refund', 'Order', '72', '{"amount": "40.95"}');
INSERT INTO "SandboxTransaction" ("token", "companyRef", "amount", "currency", "redirectUrl",
  "backUrl", "customer", "status", "updatedAt", "mno", "mobileNumber")
VALUES ('TOKEN-61', 'REF-61', 45.50, 'ZMW', 'http://localhost:3000/payment/return',
  'http://localhost:3000/cart', 'Mwila Banda', 'paid', '2026-01-07T00:00:00Z', 'MTN',
  '+260971234567');
INSERT INTO "ContactMessage" ("id", "userId", "name", "email", "text", "handledAt", "handledById")
VALUES (51, 42, 'Mwila Banda', 'mwila@example.com', 'Hello', '2026-01-12T00:00:00Z', 41);
INSERT INTO "OrderReminder" ("userId", "schoolDay") VALUES (42, '2026-01-13');
INSERT INTO "JobRun" ("name", "lastRunAt") VALUES ('privacy-retention', '2026-01-14T00:00:00Z');
INSERT INTO "CreditEntry" ("id", "userId", "amount", "kind", "orderId", "paymentAttemptId",
  "adminId", "reason")
VALUES (101, 42, 40.95, 'refund', 72, 61, 41, 'Refunded to credit'),
  (102, 42, -10.00, 'spent', NULL, 61, NULL, NULL);
INSERT INTO "OrderRefund" ("id", "orderId", "method", "reference", "note", "adminId")
VALUES (111, 72, 'credit', 'R-72', 'Sick day', 41);
`;

/** The rows above were given their ids: the sequences move on past them, as an install's had. */
const KEYED_BY_TEXT = ["Session", "Setting", "CacheVersion", "RateLimit", "SandboxTransaction"];
const SERIAL_TABLES = TABLES.filter(
  (table) => !KEYED_BY_TEXT.includes(table) && table !== "OrderReminder" && table !== "JobRun",
);
const ADVANCE_SEQUENCES = SERIAL_TABLES.map(
  (table) =>
    `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT max("id") FROM "${table}"));`,
).join("\n");

type Rows = Record<string, Record<string, unknown>[]>;

/** Every row of every table, as JSON, in a stable order. */
async function snapshot(db: PGlite): Promise<Rows> {
  const rows: Rows = {};
  for (const table of TABLES) {
    const result = await db.query<{ row: Record<string, unknown> }>(
      `SELECT to_jsonb(t) AS "row" FROM "${table}" t`,
    );
    rows[table] = result.rows
      .map((r) => r.row)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return rows;
}

/** `row` without "schoolId", keeping only the columns `before` had. */
function asBefore(row: Record<string, unknown>, columns: string[]) {
  return Object.fromEntries(columns.map((column) => [column, row[column]]));
}

describe("upgrading a single-school install to many schools", () => {
  let db: PGlite;
  let before: Rows;
  let after: Rows;
  let applied: string[];
  let earlier: EarlierDatabase | undefined;

  beforeAll(async () => {
    // The database as it was before the upgrade: every migration before many_schools.
    earlier = await databaseBefore(MANY_SCHOOLS);
    db = earlier.db;
    await db.exec(DATA);
    await db.exec(ADVANCE_SEQUENCES);
    before = await snapshot(db);
    applied = await applyPendingMigrations(new PrismaPGlite(db));
    after = await snapshot(db);
  }, SLOW);

  afterAll(async () => {
    await earlier?.close();
  });

  it("had rows in every table before, and applies many_schools and what follows it", async () => {
    for (const table of TABLES) expect([table, before[table]!.length > 0]).toEqual([table, true]);
    expect(applied).toEqual(earlier!.later);
    expect(applied[0]).toMatch(MANY_SCHOOLS);
  });

  it("keeps every row, with the same ids and values, in school 1", () => {
    for (const table of TABLES) {
      const rows = after[table]!;
      expect([table, rows.length]).toEqual([table, before[table]!.length]);
      expect([table, rows.map((row) => row.schoolId)]).toEqual([table, rows.map(() => 1)]);
      const columns = Object.keys(before[table]![0]!);
      const kept = rows
        .map((row) => asBefore(row, columns))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      expect([table, kept]).toEqual([table, before[table]]);
    }
  });

  it("creates School 1, the default school, active in Lusaka's zone", async () => {
    const schools = await db.query<Record<string, unknown>>(
      `SELECT "id", "slug", "timeZone", "currency", "status" FROM "School"`,
    );
    expect(schools.rows).toEqual([
      { id: 1, slug: "default", timeZone: "Africa/Lusaka", currency: "ZMW", status: "active" },
    ]);
  });

  it("refuses an INSERT into any school table that does not name its school", async () => {
    for (const table of TABLES) {
      await expect(db.query(`INSERT INTO "${table}" DEFAULT VALUES`)).rejects.toThrow(
        /app\.school_id/,
      );
    }
    await expect(
      db.query(`INSERT INTO "Setting" ("key", "value", "updatedAt") VALUES ('x', '{}', now())`),
    ).rejects.toThrow(/app\.school_id/);
    const named = await db.query(
      `INSERT INTO "Setting" ("schoolId", "key", "value", "updatedAt") VALUES (1, 'x', '{}', now())`,
    );
    expect(named.affectedRows).toBe(1);
  });

  it("goes on numbering after the old ids: a new row never takes an upgraded row's id", async () => {
    const user = await db.query<{ id: number }>(
      `INSERT INTO "User" ("schoolId", "username", "usernameKey", "passwordHash", "name",
         "updatedAt")
       VALUES (1, 'new.parent', 'new.parent', 'x', 'New Parent', now()) RETURNING "id"`,
    );
    expect(user.rows[0]!.id).toBeGreaterThan(43);
  });
});
