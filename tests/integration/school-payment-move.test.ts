// Issue 46: a school's own card provider moves from its Setting row onto its School row, so the
// directory of schools reads platform tables only (the copy every Citus node holds). An install
// that already stored one keeps it, byte for byte, and no school's settings lose anything else.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { applyPendingMigrations } from "@/lib/migrations/schema-engine";
import { databaseBefore, type EarlierDatabase } from "@/tests/support/migrations-before";

const MOVE = /_school_payment_on_school$/;
const STORED = {
  provider: "dpo",
  companyToken: "v1:session:iv:ciphertext-of-school-2",
  serviceType: "v1:session:iv:ciphertext-of-3854",
};

let earlier: EarlierDatabase;

beforeAll(async () => {
  earlier = await databaseBefore(MOVE);
  const { db } = earlier;
  await db.query(`INSERT INTO "School" ("id", "slug", "name") VALUES (2, 'second', 'Second')`);
  await db.query(`INSERT INTO "School" ("id", "slug", "name") VALUES (3, 'third', 'Third')`);
  for (const [schoolId, key, value] of [
    [2, "payment-credentials", STORED],
    [2, "cutoff-time", { hour: 8, minute: 0 }],
    [3, "cutoff-time", { hour: 9, minute: 30 }],
  ] as const) {
    await db.query(
      `INSERT INTO "Setting" ("schoolId", "key", "value", "updatedAt") VALUES ($1, $2, $3, now())`,
      [schoolId, key, JSON.stringify(value)],
    );
  }
  await applyPendingMigrations(new PrismaPGlite(db));
}, 180_000);

afterAll(async () => {
  await earlier?.close();
});

describe("the school's own card provider moves onto its School row", () => {
  it("keeps the stored value as it was, on the school that had it, and none on the others", async () => {
    const rows = await earlier.db.query<{ id: number; paymentCredentials: unknown }>(
      `SELECT "id", "paymentCredentials" FROM "School" ORDER BY "id"`,
    );
    expect(rows.rows).toEqual([
      { id: 1, paymentCredentials: null },
      { id: 2, paymentCredentials: STORED },
      { id: 3, paymentCredentials: null },
    ]);
  });

  it("leaves no credentials among the settings, and every other setting where it was", async () => {
    const settings = await earlier.db.query<{ schoolId: number; key: string; value: unknown }>(
      `SELECT "schoolId", "key", "value" FROM "Setting" WHERE "schoolId" IN (2, 3)
       ORDER BY "schoolId", "key"`,
    );
    expect(settings.rows).toEqual([
      { schoolId: 2, key: "cutoff-time", value: { hour: 8, minute: 0 } },
      { schoolId: 3, key: "cutoff-time", value: { hour: 9, minute: 30 } },
    ]);
  });
});
