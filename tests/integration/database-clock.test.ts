import { describe, expect, it } from "@jest/globals";
import { testDb } from "@/tests/support/school";

// The suite runs with TZ=America/Lima (see package.json): the database's clock must read as the
// same instant as the server's, whatever zone the server is in, or every expiry would be off by
// hours (rate limits, sessions, temporary passwords, the payment lease).
describe("the database clock", () => {
  it("reads now() as the current instant", async () => {
    const db = await testDb();
    const [row] = await db.$queryRaw<{ now: Date }[]>`SELECT now() AS "now"`;
    expect(Math.abs(row!.now.getTime() - Date.now())).toBeLessThan(5_000);
  });

  it("reads a timestamp the database computed as the instant it meant", async () => {
    const db = await testDb();
    await db.$executeRaw`INSERT INTO "RateLimit" ("schoolId", "key", "count", "windowStart", "expiresAt")
      VALUES (1, 'clock-check', 1, now(), now() + interval '60 seconds')`;
    const row = await db.rateLimit.findUniqueOrThrow({
      where: { schoolId_key: { schoolId: 1, key: "clock-check" } },
    });
    const inSeconds = (row.expiresAt.getTime() - Date.now()) / 1000;
    expect(inSeconds).toBeGreaterThan(50);
    expect(inSeconds).toBeLessThan(70);
  });
});
