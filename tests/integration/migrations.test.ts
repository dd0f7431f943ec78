// The migrations folder is the database's source of truth in every environment: it must say
// exactly what schema.prisma says, apply cleanly to an empty database, and carry the partial
// unique indexes the order logic relies on.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import {
  applyPendingMigrations,
  diffMigrationsToSchema,
  readMigrationList,
} from "@/lib/migrations/schema-engine";

// Replaying the migrations boots PGlite and the 5 MB schema engine; slow machines need the room.
const SLOW = 120_000;

describe("prisma/migrations", () => {
  it(
    "matches schema.prisma (a failure prints the SQL missing: run `npm run db:migration -- NAME`)",
    async () => {
      expect(await diffMigrationsToSchema()).toBe("");
    },
    SLOW,
  );
});

describe("migrations applied to a fresh database", () => {
  let db: PGlite;
  let firstRun: string[];

  beforeAll(async () => {
    db = new PGlite();
    firstRun = await applyPendingMigrations(new PrismaPGlite(db));
  }, SLOW);

  afterAll(async () => {
    await db?.close();
  });

  it("applies every migration, records it and creates the tables", async () => {
    const { migrationDirectories } = await readMigrationList();
    expect(migrationDirectories.length).toBeGreaterThan(0);
    expect(firstRun).toEqual(migrationDirectories.map((dir) => dir.path));

    const recorded = await db.query<{ migration_name: string }>(
      `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
    );
    expect(recorded.rows.map((row) => row.migration_name)).toEqual(firstRun);

    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        "User",
        "Session",
        "TemporaryPassword",
        "Student",
        "MenuItem",
        "OrderCycle",
        "Order",
        "PaymentAttempt",
        "DiscountCode",
        "Setting",
        "EmailOutbox",
        "RateLimit",
        "AuditLog",
      ]),
    );
  });

  it(
    "applies nothing to an up-to-date database",
    async () => {
      expect(await applyPendingMigrations(new PrismaPGlite(db))).toEqual([]);
    },
    SLOW,
  );

  describe("partial unique indexes", () => {
    let userId: number;
    let studentId: number;
    let menuItemId: number;
    let cycleId: number;

    const insertId = async (sql: string, params: unknown[] = []) => {
      const { rows } = await db.query<{ id: number }>(`${sql} RETURNING id`, params);
      const id = rows[0]?.id;
      if (id === undefined) throw new Error(`No id returned by: ${sql}`);
      return id;
    };

    const placeOrder = (status: string, dayOfWeek = 1) =>
      insertId(
        `INSERT INTO "Order" ("schoolId", "userId", "studentId", "menuItemId", "cycleId", "weekNumber",
           "dayOfWeek", "originalPrice", "discountedPrice", "status", "updatedAt")
         VALUES (1, $1, $2, $3, $4, 1, $5, 25, 25, $6::"OrderStatus", now())`,
        [userId, studentId, menuItemId, cycleId, dayOfWeek, status],
      );

    beforeAll(async () => {
      userId = await insertId(
        `INSERT INTO "User" ("schoolId", "username", "usernameKey", "passwordHash", "name", "updatedAt")
         VALUES (1, 'parent', 'parent', 'x', 'A Parent', now())`,
      );
      studentId = await insertId(
        `INSERT INTO "Student" ("schoolId", "name", "grade", "parentId", "updatedAt")
         VALUES (1, 'A Child', '3', $1, now())`,
        [userId],
      );
      menuItemId = await insertId(
        `INSERT INTO "MenuItem" ("schoolId", "name", "price", "updatedAt") VALUES (1, 'Lunch', 25, now())`,
      );
      cycleId = await insertId(
        `INSERT INTO "OrderCycle" ("schoolId", "startDate", "isActive") VALUES (1, '2026-01-05', true)`,
      );
    });

    it("refuse a second live order for the same student, cycle, week and day, but not after a cancellation", async () => {
      const first = await placeOrder("pending");
      await expect(placeOrder("completed")).rejects.toMatchObject({
        code: "23505",
        constraint: "Order_one_live_per_student_day_key",
      });
      // Another day of the same week is a different slot.
      await placeOrder("pending", 2);

      await db.query(`UPDATE "Order" SET status = 'cancelled' WHERE id = $1`, [first]);
      await placeOrder("pending");
      // A cancelled order never blocks, however many there are.
      await db.query(`UPDATE "Order" SET status = 'cancelled' WHERE "dayOfWeek" = 1`);
      await placeOrder("completed");
    });

    it("allow several active order cycles (decision 0071), each with when its ordering opens", async () => {
      await insertId(
        `INSERT INTO "OrderCycle" ("schoolId", "startDate", "isActive") VALUES (1, '2026-02-02', true)`,
      );
      await insertId(
        `INSERT INTO "OrderCycle" ("schoolId", "startDate", "isActive") VALUES (1, '2026-03-02', true)`,
      );
      const { rows } = await db.query<{ open: boolean }>(
        `SELECT "orderingOpensAt" <= now() AS open FROM "OrderCycle" WHERE "startDate" = '2026-03-02'`,
      );
      expect(rows).toEqual([{ open: true }]);
    });
  });
});
