import { describe, expect, it } from "@jest/globals";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import { testDb } from "@/tests/support/school";
import { signedUpParent } from "@/tests/support/fixtures";

// On PostgreSQL the client names its statements (decision 0062): a statement run again on the same
// connection is not parsed again, and PostgreSQL can keep its plan. Read back from the server's
// own list of the connection's prepared statements (a transaction keeps one connection).
const postgres = Boolean(process.env.DATABASE_URL);

describe("prepared statements on PostgreSQL", () => {
  (postgres ? it : it.skip)(
    "prepares a statement once per connection and runs it again",
    async () => {
      const parent = await signedUpParent();
      const db = await testDb();
      const prepared = await db.$transaction(async (tx) => {
        for (let i = 0; i < 3; i++) {
          const [row] = await tx.$queryRaw<{ n: bigint }[]>`
          SELECT count(*) AS n FROM "Order"
          WHERE "schoolId" = ${DEFAULT_SCHOOL_ID} AND "userId" = ${parent.id} /* prepared-statements */`;
          expect(Number(row?.n)).toBe(0);
        }
        return tx.$queryRaw<{ name: string; runs: number }[]>`
        SELECT name, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements
        WHERE statement LIKE '%/* prepared-statements */%' AND statement NOT LIKE '%pg_prepared%'`;
      });
      expect(prepared).toHaveLength(1);
      expect(prepared[0]?.name).toMatch(/^canteen_\d+$/);
      expect(prepared[0]?.runs).toBe(3);
    },
  );
});
