import { describe, expect, it } from "@jest/globals";
import * as login from "@/app/api/login/route";
import * as register from "@/app/api/register/route";
import * as user from "@/app/api/user/route";
import { testDb } from "@/tests/support/school";
import { FEATURES } from "@/lib/contracts/permissions";
import { Browser } from "@/tests/support/http";

describe("the route wrapper", () => {
  it("refuses a state-changing request from a foreign origin with 403, and changes nothing", async () => {
    const db = await testDb();
    const before = await db.user.count();
    const answer = await new Browser().call(register.POST, "POST", "/api/register", {
      body: { username: "csrf.victim", password: "secret-pass", name: "V" },
      headers: { origin: "https://evil.example" },
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ message: expect.any(String), error: expect.any(String) });
    expect(await db.user.count()).toBe(before);
  });

  it("refuses a cross-site fetch by Sec-Fetch-Site", async () => {
    const answer = await new Browser().call(login.POST, "POST", "/api/login", {
      body: { username: "a", password: "b" },
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(answer.status).toBe(403);
  });

  it("answers malformed JSON with 400", async () => {
    const answer = await new Browser().call(login.POST, "POST", "/api/login", {
      rawBody: "{not json",
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: "Malformed JSON body" });
  });

  it("answers a body over 1 MB with 413", async () => {
    const big = JSON.stringify({ username: "x".repeat(1024 * 1024 + 10), password: "y" });
    const answer = await new Browser().call(login.POST, "POST", "/api/login", { rawBody: big });
    expect(answer.status).toBe(413);
  });

  it("answers wrong types with 422 and field details", async () => {
    const answer = await new Browser().call(register.POST, "POST", "/api/register", {
      body: { username: 42, password: ["x"], name: null },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ details: expect.any(Object) });
  });
});

describe("the seed", () => {
  it("creates superadmin with every feature and the password from SEED_SUPERADMIN_PASSWORD", async () => {
    const browser = new Browser();
    const answer = await browser.call(login.POST, "POST", "/api/login", {
      body: { username: "superadmin", password: process.env.SEED_SUPERADMIN_PASSWORD },
    });
    expect(answer.status).toBe(200);
    const me = await browser.call<{ role: string; allowedFeatures: string[] }>(
      user.GET,
      "GET",
      "/api/user",
    );
    expect(me.body.role).toBe("admin");
    expect([...me.body.allowedFeatures].sort()).toEqual([...FEATURES].sort());
  });

  it("changes nothing when run again", async () => {
    const { seed } = await import("@/lib/seed");
    const db = await testDb();
    const count = async () => ({
      users: await db.user.count(),
      settings: await db.setting.count(),
      menu: await db.menuItem.count(),
      cycles: await db.orderCycle.count(),
    });
    const before = await count();
    // The default school's scoped client, as the first start hands it to the seed.
    const seedDb = db as unknown as Parameters<typeof seed>[0];
    await seed(seedDb);
    await seed(seedDb);
    expect(await count()).toEqual(before);
  });
});

describe("health checks", () => {
  it("answers alive and ready once the database is migrated", async () => {
    const health = await import("@/app/api/health/route");
    const ready = await import("@/app/api/health/ready/route");
    expect((await new Browser().call(health.GET, "GET", "/api/health")).body).toEqual({
      status: "ok",
    });
    const answer = await new Browser().call(ready.GET, "GET", "/api/health/ready");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: "ready" });
  });

  it("is not ready while a migration is pending", async () => {
    const ready = await import("@/app/api/health/ready/route");
    const db = await testDb();
    const [last] = await db.$queryRaw<
      { id: string }[]
    >`SELECT id FROM "_prisma_migrations" ORDER BY "started_at" DESC LIMIT 1`;
    await db.$executeRaw`UPDATE "_prisma_migrations" SET "finished_at" = NULL WHERE id = ${last!.id}`;
    try {
      const answer = await new Browser().call(ready.GET, "GET", "/api/health/ready");
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ status: "unavailable" });
    } finally {
      await db.$executeRaw`UPDATE "_prisma_migrations" SET "finished_at" = now() WHERE id = ${last!.id}`;
    }
  });
});
