// Many schools (issue 45): the database the migrations make keeps Citus's sharding rules (read from
// the catalog, on PGlite here and on PostgreSQL in the integration run), and the second guard
// refuses what the first one (the scoped client) would have caught: a query of a school table
// that does not name its school, raw INSERTs included.
import { describe, expect, it } from "@jest/globals";
import { getDb, schoolDb } from "@/lib/db";
import { citusRuleViolations, type CatalogQuery } from "@/lib/migrations/citus-rules";
import { PLATFORM_TABLES, SCHOOL_MODELS } from "@/lib/scope/school-models";
import { SCOPE_REFUSED } from "@/lib/scope/guard";

describe("the schema of every migration", () => {
  it("keeps the Citus rules: schoolId first in every key, index and foreign key", async () => {
    const db = await getDb();
    const query: CatalogQuery = (sql, params) => db.$queryRawUnsafe(sql, ...params);
    expect(await citusRuleViolations(query, PLATFORM_TABLES)).toEqual([]);
  });

  it("gives every school table schoolId, and no platform table", async () => {
    const db = await getDb();
    const rows = await db.$queryRaw<{ table: string }[]>`
      SELECT table_name AS "table" FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'schoolId'`;
    const withSchool = new Set(rows.map((r) => r.table));
    for (const model of SCHOOL_MODELS) expect(withSchool).toContain(model);
    for (const table of PLATFORM_TABLES) expect(withSchool).not.toContain(table);
  });
});

describe("the second guard", () => {
  it.each([
    ["findMany", (db: Awaited<ReturnType<typeof getDb>>) => db.order.findMany({})],
    [
      "findFirst",
      (db: Awaited<ReturnType<typeof getDb>>) => db.user.findFirst({ where: { id: 1 } }),
    ],
    ["count", (db: Awaited<ReturnType<typeof getDb>>) => db.menuItem.count()],
    [
      "updateMany",
      (db: Awaited<ReturnType<typeof getDb>>) =>
        db.user.updateMany({ where: { username: "superadmin" }, data: { name: "Taken" } }),
    ],
    [
      "create",
      (db: Awaited<ReturnType<typeof getDb>>) =>
        db.setting.create({ data: { key: "stray", value: {} } }),
    ],
    [
      "an `in` over schools",
      (db: Awaited<ReturnType<typeof getDb>>) =>
        db.user.findMany({ where: { schoolId: { in: [1, 2] } } }),
    ],
  ])("refuses %s on a school table without its school", async (_name, run) => {
    const db = await getDb();
    await expect(run(db)).rejects.toThrow(SCOPE_REFUSED);
    // Nothing was written by the refused calls.
    const school = await schoolDb(1);
    expect(await school.user.count({ where: { name: "Taken" } })).toBe(0);
    expect(await school.setting.count({ where: { key: "stray" } })).toBe(0);
  });

  it("refuses a raw INSERT that does not give the school (the column's default fails)", async () => {
    const db = await getDb();
    await expect(
      db.$executeRaw`INSERT INTO "Setting" ("key", "value", "updatedAt") VALUES ('raw', '{}', now())`,
    ).rejects.toThrow(/app\.school_id/);
    expect(await (await schoolDb(1)).setting.count({ where: { key: "raw" } })).toBe(0);
  });

  it("lets the scoped client through, narrowed to its school", async () => {
    const db = await schoolDb(1);
    const users = await db.user.findMany({ select: { username: true } });
    expect(users.map((u) => u.username)).toContain("superadmin");
    // A where naming another school through this school's client is refused, not widened.
    await expect(db.user.count({ where: { schoolId: 2 } })).rejects.toThrow(SCOPE_REFUSED);
    await expect(
      db.user.findUnique({ where: { schoolId_id: { schoolId: 2, id: 1 } } }),
    ).rejects.toThrow(SCOPE_REFUSED);
  });
});
