import { afterAll, describe, expect, it, jest } from "@jest/globals";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { DEFAULT_SCHOOL_ID as schoolId } from "@/lib/contracts/schools";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { applyPendingMigrations, readMigrationList } from "@/lib/migrations/schema-engine";
import { backupEmbedded, restoreEmbedded } from "@/lib/system/backup";

// db:backup and db:restore (issue 7): a school's orders survive a dump and a restore into a new
// folder, exactly, with the migrations table, so the restored app starts without re-migrating.
// The rows are the default school's (issue 45): written by a plain client, each names school 1.

// Several embedded databases boot and two CLI runs spawn: minutes on a loaded 2-core machine.
jest.setTimeout(300_000);

const work = mkdtempSync(path.join(tmpdir(), "canteen-backup-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function withClient<T>(dir: string, run: (db: PrismaClient) => Promise<T>): Promise<T> {
  const pg = await PGlite.create(dir);
  const db = new PrismaClient({ adapter: new PrismaPGlite(pg) });
  try {
    return await run(db);
  } finally {
    await db.$disconnect();
    await pg.close();
  }
}

const orderShape = {
  id: true,
  studentId: true,
  menuItemId: true,
  weekNumber: true,
  dayOfWeek: true,
  originalPrice: true,
  discountedPrice: true,
  status: true,
  paymentStatus: true,
  comments: true,
} as const;

async function schoolWithOrders(dir: string) {
  const pg = await PGlite.create(dir);
  await applyPendingMigrations(new PrismaPGlite(pg));
  await pg.close();
  return withClient(dir, async (db) => {
    const parent = await db.user.create({
      data: {
        schoolId,
        username: "Mwansa",
        usernameKey: "mwansa",
        passwordHash: "x",
        name: "Mwansa B",
      },
    });
    const student = await db.student.create({
      data: { schoolId, name: "Chileshe", grade: "4", parentId: parent.id },
    });
    const item = await db.menuItem.create({
      data: {
        schoolId,
        name: "Beans & Rice",
        price: "32.50",
        weekNumbers: [1],
        daysOfWeek: [1, 2, 3],
      },
    });
    const cycle = await db.orderCycle.create({
      data: {
        schoolId,
        startDate: new Date("2026-11-23T00:00:00Z"),
        cycleLength: 4,
        isActive: true,
      },
    });
    for (const [day, status, comments] of [
      [1, "pending", "No onions, it's <b>urgent</b>"],
      [2, "completed", null],
      [3, "cancelled", "Ünïcödé ✓ 'quoted'"],
    ] as const) {
      await db.order.create({
        data: {
          schoolId,
          userId: parent.id,
          studentId: student.id,
          menuItemId: item.id,
          cycleId: cycle.id,
          weekNumber: 1,
          dayOfWeek: day,
          originalPrice: "32.50",
          discountedPrice: "29.25",
          status,
          paymentStatus: "confirmed",
          comments,
        },
      });
    }
    return db.order.findMany({ select: orderShape, orderBy: { id: "asc" } });
  });
}

describe("embedded database backup and restore", () => {
  it("restores into a new folder the same orders, and the migrations as applied", async () => {
    const source = path.join(work, "source");
    const orders = await schoolWithOrders(source);
    const file = path.join(work, "backup.sql");
    expect(await backupEmbedded(source, file)).toBeGreaterThan(1000);

    const target = path.join(work, "restored");
    await restoreEmbedded(file, target);
    const restored = await withClient(target, async (db) => {
      const rows = await db.order.findMany({ select: orderShape, orderBy: { id: "asc" } });
      const migrations = await db.$queryRaw<{ migration_name: string }[]>`
        SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL`;
      // The sequences come back too: a new order after the restore gets a fresh id.
      const next = await db.$queryRaw<{ id: bigint }[]>`SELECT nextval('"Order_id_seq"') AS id`;
      return { rows, migrations: migrations.map((m) => m.migration_name), next: next[0]!.id };
    });
    expect(restored.rows).toEqual(orders);
    expect(restored.rows).toHaveLength(3);
    const expected = (await readMigrationList()).migrationDirectories.map((d) => d.path);
    expect(restored.migrations.sort()).toEqual(expected.sort());
    expect(Number(restored.next)).toBeGreaterThan(Math.max(...orders.map((o) => o.id)));
  });

  it("moves an existing folder aside instead of overwriting it, and refuses a file that is no dump", async () => {
    const source = path.join(work, "source2");
    await schoolWithOrders(source);
    const file = path.join(work, "backup2.sql");
    await backupEmbedded(source, file);
    const { movedAside } = await restoreEmbedded(file, source);
    expect(movedAside).toMatch(/source2\.before-restore-/);
    expect(readdirSync(movedAside!).length).toBeGreaterThan(0);

    const notADump = path.join(work, "notes.sql");
    writeFileSync(notADump, 'DROP TABLE "Order";');
    await expect(restoreEmbedded(notADump, path.join(work, "x"))).rejects.toThrow(/not a SQL dump/);
    await expect(backupEmbedded(path.join(work, "missing"), file)).rejects.toThrow(
      /No embedded database/,
    );
  });
});
