// The operators' API (issue 45): its own sign-in and cookie, schools listed with counts, created
// with their superadmin, changed, suspended and exported; only on the platform's host.
import { describe, expect, it } from "@jest/globals";
import * as platformLogin from "@/app/api/platform/login/route";
import * as platformLogout from "@/app/api/platform/logout/route";
import * as platformMe from "@/app/api/platform/me/route";
import * as schools from "@/app/api/platform/schools/route";
import * as school from "@/app/api/platform/schools/[id]/route";
import * as schoolExport from "@/app/api/platform/schools/[id]/export/route";
import * as me from "@/app/api/user/route";
import * as login from "@/app/api/login/route";
import { getDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { Browser } from "@/tests/support/http";
import { PLATFORM_PASSWORD, testDb } from "@/tests/support/school";

type SchoolDto = {
  id: number;
  slug: string;
  name: string;
  hosts: string[];
  timeZone: string;
  status: string;
  counts: { parents: number; students: number; orders: number };
  payment: string;
};

let address = 0;
async function operator(): Promise<Browser> {
  const browser = new Browser(`192.0.2.${++address}`);
  const answer = await browser.call(platformLogin.POST, "POST", "/api/platform/login", {
    body: { username: "operator", password: PLATFORM_PASSWORD },
  });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ id: expect.any(Number), username: "operator" });
  return browser;
}

const newSchool = (slug: string, extra: Record<string, unknown> = {}) => ({
  name: `${slug} Primary`,
  slug,
  hosts: [`${slug}.localhost:3000`],
  timeZone: "Africa/Harare",
  adminEmail: `office@${slug}.example`,
  adminPassword: "a-long-admin-password",
  ...extra,
});

describe("the operator's session", () => {
  it("is its own: 401 signed out, the operator once signed in, gone after logout", async () => {
    const browser = new Browser("192.0.2.200");
    expect((await browser.call(platformMe.GET, "GET", "/api/platform/me")).status).toBe(401);
    const wrong = await browser.call(platformLogin.POST, "POST", "/api/platform/login", {
      body: { username: "operator", password: "not-the-password" },
    });
    expect(wrong.status).toBe(401);
    const signedIn = await operator();
    const who = await signedIn.call(platformMe.GET, "GET", "/api/platform/me");
    expect(who.body).toMatchObject({ username: "operator" });
    // The operator is no one at the school on the same host.
    expect((await signedIn.call(me.GET, "GET", "/api/user")).status).toBe(401);
    const copy = signedIn.clone();
    await signedIn.call(platformLogout.POST, "POST", "/api/platform/logout");
    expect((await copy.call(platformMe.GET, "GET", "/api/platform/me")).status).toBe(401);
  });

  it("is not a school's session, and a school's session is not it", async () => {
    const superadmin = new Browser("192.0.2.201");
    const answer = await superadmin.call(login.POST, "POST", "/api/login", {
      body: { username: "superadmin", password: process.env.SEED_SUPERADMIN_PASSWORD },
    });
    expect(answer.status).toBe(200);
    expect((await superadmin.call(platformMe.GET, "GET", "/api/platform/me")).status).toBe(401);
    expect((await superadmin.call(schools.GET, "GET", "/api/platform/schools")).status).toBe(401);
  });

  it("answers only on the platform's host", async () => {
    const browser = await operator();
    const elsewhere = browser.at("http://second.localhost:3000");
    const answer = await elsewhere.call(schools.GET, "GET", "/api/platform/schools");
    expect(answer.status).toBe(404);
  });
});

describe("the operator's schools", () => {
  it("lists the default school with its counts", async () => {
    const db = await testDb();
    await db.user.create({
      data: { username: "counted", usernameKey: "counted", passwordHash: "x", name: "Counted" },
    });
    const browser = await operator();
    const answer = await browser.call<SchoolDto[]>(schools.GET, "GET", "/api/platform/schools");
    expect(answer.status).toBe(200);
    expect(answer.body[0]).toMatchObject({
      id: 1,
      slug: "default",
      name: "School Tuckshop",
      hosts: ["localhost:3000"],
      timeZone: "Africa/Lusaka",
      currency: "ZMW",
      status: "active",
      createdAt: expect.any(String),
    });
    expect(answer.body[0]!.counts.parents).toBeGreaterThanOrEqual(1);
  });

  it("creates a school whose superadmin signs in at its own host only", async () => {
    const browser = await operator();
    const created = await browser.call<{ school: SchoolDto; admin: { username: string } }>(
      schools.POST,
      "POST",
      "/api/platform/schools",
      { body: newSchool("kabulonga") },
    );
    expect(created.status).toBe(201);
    expect(created.body.admin).toEqual({ username: "superadmin" });
    expect(created.body.school).toMatchObject({
      slug: "kabulonga",
      name: "kabulonga Primary",
      hosts: ["kabulonga.localhost:3000"],
      timeZone: "Africa/Harare",
      status: "active",
      counts: { parents: 0, students: 0, orders: 0 },
    });
    const there = new Browser("192.0.2.210", "http://kabulonga.localhost:3000");
    const signIn = await there.call(login.POST, "POST", "/api/login", {
      body: { username: "superadmin", password: "a-long-admin-password" },
    });
    expect(signIn.status).toBe(200);
    const who = await there.call<{ role: string; allowedFeatures: string[] }>(
      me.GET,
      "GET",
      "/api/user",
    );
    expect(who.body.role).toBe("admin");
    // The default school's superadmin password is not this school's, and the other way round.
    const home = new Browser("192.0.2.211");
    const wrong = await home.call(login.POST, "POST", "/api/login", {
      body: { username: "superadmin", password: "a-long-admin-password" },
    });
    expect(wrong.status).toBe(401);
  });

  it("mails a temporary password when the operator gives none", async () => {
    const browser = await operator();
    const created = await browser.call<{ school: SchoolDto }>(
      schools.POST,
      "POST",
      "/api/platform/schools",
      {
        body: newSchool("chelstone", { adminPassword: undefined }),
      },
    );
    expect(created.status).toBe(201);
    const mail = await (await testDb(created.body.school.id)).emailOutbox.findMany();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: "office@chelstone.example", erasure: "secret" });
    expect(mail[0]!.text).toContain("http://chelstone.localhost:3000/login");
    expect(mail[0]!.text).toMatch(/Temporary password: \S{12}/);
  });

  it("refuses a taken slug or host (409) and bad input (422), creating nothing", async () => {
    const browser = await operator();
    const first = await browser.call(schools.POST, "POST", "/api/platform/schools", {
      body: newSchool("matero"),
    });
    expect(first.status).toBe(201);
    const db = await getDb();
    const before = await db.school.count();
    const slug = await browser.call(schools.POST, "POST", "/api/platform/schools", {
      body: newSchool("matero", { hosts: ["other.localhost:3000"] }),
    });
    expect(slug.status).toBe(409);
    const host = await browser.call(schools.POST, "POST", "/api/platform/schools", {
      body: newSchool("matero2", { hosts: ["MATERO.localhost:3000"] }),
    });
    expect(host.status).toBe(409);
    const appHost = await browser.call(schools.POST, "POST", "/api/platform/schools", {
      body: newSchool("matero3", { hosts: ["localhost:3000"] }),
    });
    expect(appHost.status).toBe(409);
    const bad = await browser.call<{ details: Record<string, string[]> }>(
      schools.POST,
      "POST",
      "/api/platform/schools",
      {
        body: newSchool("Bad Slug!", {
          hosts: [],
          adminPassword: "short",
          timeZone: "Mars/Base",
          adminEmail: "office@bad.example",
        }),
      },
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(
      ["adminPassword", "hosts", "slug", "timeZone"].sort(),
    );
    expect(await db.school.count()).toBe(before);
  });

  it("changes a school's name, hosts, time zone and status", async () => {
    const browser = await operator();
    const created = await browser.call<{ school: SchoolDto }>(
      schools.POST,
      "POST",
      "/api/platform/schools",
      {
        body: newSchool("kalingalinga"),
      },
    );
    const id = String(created.body.school.id);
    const changed = await browser.call<SchoolDto>(
      school.PATCH,
      "PATCH",
      `/api/platform/schools/${id}`,
      {
        params: { id },
        body: {
          name: "Kalingalinga Basic",
          hosts: ["kalingalinga.localhost:3000", "canteen.kalingalinga.example"],
          timeZone: "Africa/Lusaka",
          status: "suspended",
        },
      },
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: "Kalingalinga Basic",
      hosts: ["canteen.kalingalinga.example", "kalingalinga.localhost:3000"],
      timeZone: "Africa/Lusaka",
      status: "suspended",
    });
    const missing = await browser.call(school.PATCH, "PATCH", "/api/platform/schools/99999", {
      params: { id: "99999" },
      body: { status: "active" },
    });
    expect(missing.status).toBe(404);
    const empty = await browser.call(school.PATCH, "PATCH", `/api/platform/schools/${id}`, {
      params: { id },
      body: {},
    });
    expect(empty.status).toBe(422);
  });

  it("exports a school's data without passwords, sessions, tokens or secrets", async () => {
    const browser = await operator();
    const created = await browser.call<{ school: SchoolDto }>(
      schools.POST,
      "POST",
      "/api/platform/schools",
      {
        body: newSchool("woodlands", { adminPassword: undefined }),
      },
    );
    const id = String(created.body.school.id);
    const res = await browser.respond(
      schoolExport.GET,
      "GET",
      `/api/platform/schools/${id}/export`,
      {
        params: { id },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const text = await res.text();
    const data = JSON.parse(text) as { school: { slug: string }; users: { username: string }[] };
    expect(data.school.slug).toBe("woodlands");
    expect(data.users.map((u) => u.username)).toEqual(["superadmin"]);
    expect(text).not.toMatch(/passwordHash|\$argon2|Temporary password|transactionId/);
    // Another school's rows are not in it.
    expect(text).not.toContain("School Tuckshop");
  });
});

describe("a school's own card provider", () => {
  it("is stored encrypted, bound to its school, and never answered or exported", async () => {
    const { readSchoolPayment } = await import("@/lib/schools/payment-credentials");
    const browser = await operator();
    const created = await browser.call<{ school: SchoolDto }>(
      schools.POST,
      "POST",
      "/api/platform/schools",
      { body: newSchool("mtendere") },
    );
    const id = created.body.school.id;
    const token = "9F416C11-127B-4DE2-AC7F-D5710E4C5E0A";
    const changed = await browser.call<SchoolDto>(
      school.PATCH,
      "PATCH",
      `/api/platform/schools/${id}`,
      {
        params: { id: String(id) },
        body: { payment: { provider: "dpo", companyToken: token, serviceType: "3854" } },
      },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.payment).toBe("dpo");
    expect(JSON.stringify(changed.body)).not.toContain(token);

    const platform = await getDb();
    const row = await platform.school.findUniqueOrThrow({ where: { id } });
    const stored = row.paymentCredentials!;
    expect(JSON.stringify(stored)).toContain("companyToken");
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await readSchoolPayment(platform, id)).toEqual({
      provider: "dpo",
      companyToken: token,
      serviceType: "3854",
    });
    // Not among the school's settings, which its own admins' screens and export read.
    const db = await testDb(id);
    expect(JSON.stringify(await db.setting.findMany())).not.toContain(JSON.stringify(stored));

    // The ciphertext copied onto the default school's row does not decrypt there.
    await platform.school.update({ where: { id: 1 }, data: { paymentCredentials: stored } });
    await expect(readSchoolPayment(platform, 1)).rejects.toThrow();
    await platform.school.update({ where: { id: 1 }, data: { paymentCredentials: Prisma.DbNull } });

    const exported = await browser.respond(
      schoolExport.GET,
      "GET",
      `/api/platform/schools/${id}/export`,
      { params: { id: String(id) } },
    );
    const text = await exported.text();
    expect(text).not.toContain(token);
    expect(text).not.toContain(JSON.stringify(stored));

    const audit = await (await getDb()).platformAudit.findMany({ where: { targetSchoolId: id } });
    expect(JSON.stringify(audit)).not.toContain(token);

    // The school's payments use its own account from now on (the directory is read again).
    const { providerFor } = await import("@/lib/payments/provider-config");
    const { schoolContext } = await import("@/tests/support/school");
    const provider = await providerFor(await schoolContext(id));
    expect(provider).toMatchObject({ provider: "dpo", sandbox: false });
    expect(provider.client).toMatchObject({ companyToken: token, serviceType: "3854" });
    // The default school still pays through the environment's configuration.
    expect((await providerFor(await schoolContext(1))).client.companyToken).not.toBe(token);

    const back = await browser.call<SchoolDto>(
      school.PATCH,
      "PATCH",
      `/api/platform/schools/${id}`,
      {
        params: { id: String(id) },
        body: { payment: null },
      },
    );
    expect(back.body.payment).toBe("environment");
    expect(await readSchoolPayment(platform, id)).toBeUndefined();
    expect(
      (await platform.school.findUniqueOrThrow({ where: { id } })).paymentCredentials,
    ).toBeNull();
  });
});
