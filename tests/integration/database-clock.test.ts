import { describe, expect, it } from "@jest/globals";
import { getDb } from "@/lib/db";

// The suite runs with TZ=America/Lima (see package.json): the database's clock must read as the
// same instant as the server's, whatever zone the server is in, or every expiry would be off by
// hours (rate limits, sessions, temporary passwords, the payment lease).
describe("the database clock", () => {
  it("reads now() as the current instant", async () => {
    const db = await getDb();
    const [row] = await db.$queryRaw<{ now: Date }[]>`SELECT now() AS "now"`;
    expect(Math.abs(row!.now.getTime() - Date.now())).toBeLessThan(5_000);
  });

  it("reads a timestamp the database computed as the instant it meant", async () => {
    const db = await getDb();
    await db.$executeRaw`INSERT INTO "RateLimit" ("key", "count", "windowStart", "expiresAt")
      VALUES ('clock-check', 1, now(), now() + interval '60 seconds')`;
    const row = await db.rateLimit.findUniqueOrThrow({ where: { key: "clock-check" } });
    const inSeconds = (row.expiresAt.getTime() - Date.now()) / 1000;
    expect(inSeconds).toBeGreaterThan(50);
    expect(inSeconds).toBeLessThan(70);
  });
});
