import { beforeAll, describe, expect, it } from "@jest/globals";
import * as roll from "@/app/api/parents/roll/route";
import * as reinvite from "@/app/api/parents/roll/[id]/invite/route";
import * as claim from "@/app/api/roll/claim/route";
import * as login from "@/app/api/login/route";
import {
  ROLL_CHILD_FULL,
  ROLL_LIST_PAGE_SIZE,
  rollResendTooSoonMessage,
  type RollChildDto,
  type RollImportDoneDto,
  type RollListDto,
  type RollReinviteDoneDto,
} from "@/lib/contracts/roll";
import { enableMessagingChannels } from "@/tests/support/messaging-env";
import { setMessagingSetting } from "@/tests/support/announcement-fixtures";
import { signedUpParent } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { signedInAdmin } from "@/tests/support/money-admin-fixtures";
import { createSchool, testDb } from "@/tests/support/school";

// The roll in Parents & Students (decision 0120, "Changed later") on the real handlers and
// database: after an import the office sees who waits and who is linked, each guardian's link and
// its state; it searches and pages; it sends a waiting guardian's link again (a new one, the old
// one dead), not to a child with both guardians, not twice in ten minutes, not at another school.

enableMessagingChannels();

const HEADER =
  "admission_no,child_name,grade,class,guardian1_name,guardian1_email,guardian1_phone," +
  "guardian2_name,guardian2_email,guardian2_phone";
const tag = `l${process.pid}`;
const mail = (name: string) => `${name}.${tag}@example.com`;
const file = (rows: string[]) => [HEADER, ...rows].join("\r\n") + "\r\n";

let admin: Browser;

const list = (browser: Browser, query: Record<string, string> = {}) =>
  browser.call<RollListDto & { message: string }>(roll.GET, "GET", "/api/parents/roll", { query });
const resend = (browser: Browser, id: number | string) =>
  browser.call<RollReinviteDoneDto & { message: string }>(
    reinvite.POST,
    "POST",
    `/api/parents/roll/${id}/invite`,
    { params: { id: String(id) } },
  );

async function child(name: string): Promise<RollChildDto> {
  const answer = await list(admin, { q: name });
  const found = answer.body.data.find((c) => c.name === name);
  if (!found) throw new Error(`${name} not listed`);
  return found;
}

/** The links a guardian was e-mailed for a child, newest first. */
async function tokensFor(email: string, childName: string): Promise<string[]> {
  const db = await testDb();
  const rows = await db.emailOutbox.findMany({
    where: {
      to: email,
      channel: "email",
      subject: { startsWith: childName },
      text: { contains: "/claim?token=" },
    },
    orderBy: { id: "desc" },
  });
  return rows.map((row) => /\/claim\?token=([A-Za-z0-9_-]+)/.exec(row.text)![1]!);
}

/** Makes every link of `childId` look `minutes` older. */
async function age(childId: number, minutes: number) {
  const db = await testDb();
  const invites = await db.rollInvite.findMany({ where: { rollChildId: childId } });
  for (const invite of invites) {
    await db.rollInvite.update({
      where: { schoolId_id: { schoolId: 1, id: invite.id } },
      data: { createdAt: new Date(invite.createdAt.getTime() - minutes * 60_000) },
    });
  }
}

beforeAll(async () => {
  await setMessagingSetting({ sms: true, whatsapp: false });
  admin = await signedInAdmin(["parents_students"]);
  const db = await testDb();
  for (const name of ["known", "other"]) {
    const parent = await signedUpParent({ email: mail(name) });
    await db.user.update({
      where: { schoolId_id: { schoolId: 1, id: parent.id } },
      data: { emailVerifiedAt: new Date() },
    });
  }
  const pupils = Array.from(
    { length: ROLL_LIST_PAGE_SIZE },
    (_, i) =>
      `P-${tag}-${i},Zz Pupil ${String(i).padStart(2, "0")},4,,Pupil Parent,${mail(`p${i}`)},,,,`,
  );
  const done = await admin.call<RollImportDoneDto>(roll.POST, "POST", "/api/parents/roll", {
    body: {
      csv: file([
        `A-${tag}-1,Chilufya Banda,3,3B,Mwila Banda,${mail("known")},,Joseph Banda,${mail("joseph")},0977 123 456`,
        `A-${tag}-2,Bupe Phiri,7,,Natasha Phiri,${mail("natasha")},+260 966 123 456,,,`,
        `A-${tag}-3,Mutale Zulu,2,2A,Known Parent,${mail("known")},,Other Parent,${mail("other")},`,
        `A-${tag}-4,Taonga Mwale,K,,Una_Proven 50%,${mail("una")},,Grandma Mwale,,0955 111 222`,
        ...pupils,
      ]),
    },
  });
  expect(done.status).toBe(200);
});

describe("the roll after an import", () => {
  it("counts waiting and linked children and shows each guardian's state", async () => {
    const all = await list(admin);
    expect(all.status).toBe(200);
    expect(all.body.counts).toEqual({ all: 54, linked: 2, waiting: 52 });
    expect(all.body.metadata).toMatchObject({ total: 54, page: 1, pageSize: 50, totalPages: 2 });
    // By name: the fifty pupils ("Zz …") come last.
    expect(all.body.data.slice(0, 4).map((c) => c.name)).toEqual([
      "Bupe Phiri",
      "Chilufya Banda",
      "Mutale Zulu",
      "Taonga Mwale",
    ]);

    const chilufya = await child("Chilufya Banda");
    expect(chilufya).toMatchObject({ grade: "3", className: "3B", linked: true });
    expect(chilufya.student?.parentName).toMatch(/^Parent /);
    expect(chilufya.guardians.map((g) => [g.slot, g.name, g.state])).toEqual([
      [1, "Mwila Banda", "linked"],
      [2, "Joseph Banda", "invited"],
    ]);
    const joseph = chilufya.guardians[1]!;
    expect(joseph).toMatchObject({
      email: mail("joseph"),
      phone: "+260977123456",
      claimedAt: null,
    });
    expect(Date.parse(joseph.expiresAt!) - Date.parse(joseph.invitedAt!)).toBe(14 * 86_400_000);

    const taonga = await child("Taonga Mwale");
    expect(taonga).toMatchObject({ linked: false, student: null });
    expect(taonga.guardians.map((g) => g.state)).toEqual(["invited", "not_invited"]);
    expect(taonga.guardians[1]).toMatchObject({ email: null, invitedAt: null });

    const mutale = await child("Mutale Zulu");
    expect(mutale.guardians.map((g) => g.state)).toEqual(["linked", "linked"]);
  });

  it("filters by status, pages, and answers a claim and an expired link", async () => {
    const waiting = await list(admin, { status: "waiting" });
    expect(waiting.body.metadata).toMatchObject({ total: 52, totalPages: 2, hasNextPage: true });
    expect(waiting.body.data.every((c) => !c.linked)).toBe(true);
    const second = await list(admin, { status: "waiting", page: "2" });
    expect(second.body.data.map((c) => c.name)).toEqual(["Zz Pupil 48", "Zz Pupil 49"]);
    const linked = await list(admin, { status: "linked" });
    expect(linked.body.data.map((c) => c.name)).toEqual(["Chilufya Banda", "Mutale Zulu"]);

    // Natasha claims Bupe; Taonga's first guardian's link runs out.
    const natasha = await signedUpParent({ email: null });
    const [token] = await tokensFor(mail("natasha"), "Bupe");
    const accepted = await natasha.browser.call(claim.POST, "POST", "/api/roll/claim", {
      body: { token },
    });
    expect(accepted.status).toBe(200);
    const taonga = await child("Taonga Mwale");
    const db = await testDb();
    await db.rollInvite.updateMany({
      where: { rollChildId: taonga.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const bupe = await child("Bupe Phiri");
    expect(bupe.linked).toBe(true);
    expect(bupe.guardians[0]).toMatchObject({ state: "linked", claimedAt: expect.any(String) });
    expect((await child("Taonga Mwale")).guardians[0]!.state).toBe("expired");
    expect((await list(admin)).body.counts).toEqual({ all: 54, linked: 3, waiting: 51 });
  });

  it("searches child and guardian names and addresses, wildcards as text", async () => {
    const names = async (q: string, status = "all") =>
      (await list(admin, { q, status })).body.data.map((c) => c.name);
    expect(await names("  chilufya ")).toEqual(["Chilufya Banda"]);
    expect(await names("JOSEPH")).toEqual(["Chilufya Banda"]);
    expect(await names(`natasha.${tag}@`)).toEqual(["Bupe Phiri"]);
    expect(await names("grandma")).toEqual(["Taonga Mwale"]);
    // % and _ are the characters themselves, not LIKE's wildcards.
    expect(await names("50%")).toEqual(["Taonga Mwale"]);
    expect(await names("a_p")).toEqual(["Taonga Mwale"]);
    expect(await names("%")).toEqual(["Taonga Mwale"]);
    expect(await names("nobody-of-that-name")).toEqual([]);
    const searched = await list(admin, { q: "pupil 1" });
    expect(searched.body.counts).toEqual({ all: 10, linked: 0, waiting: 10 });
    expect(await names("banda", "waiting")).toEqual([]);
  });

  it.each([
    [{ status: "pending" }, 'Status must be "waiting", "linked" or "all"'],
    [{ q: "x".repeat(101) }, "Search must be at most 100 characters"],
    [{ q: "banda\u0000" }, "Search contains characters that are not allowed"],
    [{ page: "0" }, "Page must be a positive whole number"],
    [{ page: "two" }, "Page must be a positive whole number"],
  ])("refuses the query %j (422)", async (query, message) => {
    const answer = await list(admin, query);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual(message);
  });
});

describe("sending the links again", () => {
  it("waits ten minutes after the last link, then sends new ones that replace the old", async () => {
    const taonga = await child("Taonga Mwale");
    const early = await resend(admin, taonga.id);
    expect(early.status).toBe(429);
    expect(Number(early.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(early.body.message).toBe(rollResendTooSoonMessage(600));

    await age(taonga.id, 11);
    const [oldToken] = await tokensFor(mail("una"), "Taonga");
    const done = await resend(admin, taonga.id);
    expect(done.status).toBe(200);
    // Only the guardian with an address; Grandma has none.
    expect(done.body).toMatchObject({ sent: 1, sms: 0 });
    const tokens = await tokensFor(mail("una"), "Taonga");
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).not.toBe(oldToken);
    const old = await new Browser().call(claim.GET, "GET", "/api/roll/claim", {
      query: { token: oldToken! },
    });
    expect(old.status).toBe(404);
    const fresh = await new Browser().call<{ status: string }>(
      claim.GET,
      "GET",
      "/api/roll/claim",
      {
        query: { token: tokens[0]! },
      },
    );
    expect(fresh.body.status).toBe("open");
    const db = await testDb();
    expect(await db.rollInvite.count({ where: { rollChildId: taonga.id } })).toBe(1);
    expect(
      await db.auditLog.count({ where: { action: "roll.reinvite", entityId: String(taonga.id) } }),
    ).toBe(1);
    expect((await child("Taonga Mwale")).guardians[0]!.state).toBe("invited");

    // At once again: refused, nothing sent.
    const again = await resend(admin, taonga.id);
    expect(again.status).toBe(429);
    expect(await tokensFor(mail("una"), "Taonga")).toHaveLength(2);
  });

  it("sends only to the guardian not yet linked, by e-mail and SMS", async () => {
    const chilufya = await child("Chilufya Banda");
    await age(chilufya.id, 11);
    const done = await resend(admin, chilufya.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ sent: 1, sms: 1 });
    expect(await tokensFor(mail("joseph"), "Chilufya")).toHaveLength(2);
    expect(await tokensFor(mail("known"), "Chilufya")).toHaveLength(0);
    const db = await testDb();
    expect(await db.emailOutbox.count({ where: { channel: "sms", to: "+260977123456" } })).toBe(2);
  });

  it("refuses a child linked with both guardians (409), and an unknown id (404)", async () => {
    const mutale = await child("Mutale Zulu");
    const full = await resend(admin, mutale.id);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(ROLL_CHILD_FULL);
    expect((await resend(admin, 2_000_000_000)).status).toBe(404);
    expect((await resend(admin, "abc")).status).toBe(404);
  });
});

describe("a guardian the school took off the roll", () => {
  it("no longer shows their unused link, which no longer opens the child", async () => {
    const upload = await admin.call(roll.POST, "POST", "/api/parents/roll", {
      body: {
        csv: file([`P-${tag}-5,Zz Pupil 05,4,,Pupil Parent,,,Aunt Pupil,${mail("aunt5")},`]),
      },
    });
    expect(upload.status).toBe(200);
    const pupil = await child("Zz Pupil 05");
    expect(pupil.guardians.map((g) => [g.name, g.state, g.invitedAt === null])).toEqual([
      ["Pupil Parent", "not_invited", true],
      ["Aunt Pupil", "invited", false],
    ]);
  });
});

describe("another school", () => {
  it("sees none of this roll and cannot send its links", async () => {
    const b = await createSchool("rolllist", { name: "Roll List School" });
    const bAdmin = new Browser(undefined, "http://rolllist.localhost:3000");
    const signedIn = await bAdmin.call(login.POST, "POST", "/api/login", {
      body: { username: "superadmin", password: b.adminPassword },
    });
    expect(signedIn.status).toBe(200);
    const seen = await list(bAdmin);
    expect(seen.status).toBe(200);
    expect(seen.body.counts).toEqual({ all: 0, linked: 0, waiting: 0 });
    expect(seen.body.data).toEqual([]);

    const taonga = await child("Taonga Mwale");
    await age(taonga.id, 11);
    const db = await testDb();
    const before = await db.rollInvite.findMany({ where: { rollChildId: taonga.id } });
    expect((await resend(bAdmin, taonga.id)).status).toBe(404);
    expect(await db.rollInvite.findMany({ where: { rollChildId: taonga.id } })).toEqual(before);
  });
});
