import { beforeAll, describe, expect, it } from "@jest/globals";
import * as rollImport from "@/app/api/parents/roll/route";
import * as rollPreview from "@/app/api/parents/roll/preview/route";
import * as claim from "@/app/api/roll/claim/route";
import * as login from "@/app/api/login/route";
import {
  ROLL_CLAIM_PARENTS_ONLY,
  ROLL_LINK_EXPIRED,
  ROLL_LINK_INVALID,
  ROLL_LINK_REPLACED,
  ROLL_LINK_USED,
  type RollClaimDto,
  type RollErrorDto,
  type RollImportDoneDto,
  type RollPreviewDto,
} from "@/lib/contracts/roll";
import { enableMessagingChannels } from "@/tests/support/messaging-env";
import { setMessagingSetting } from "@/tests/support/announcement-fixtures";
import { addStudent, signedIn, signedUpParent } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { signedInAdmin } from "@/tests/support/money-admin-fixtures";
import { createSchool, testDb } from "@/tests/support/school";

// Issue 49, "Import the roll" (decision 0120) on the real handlers and database: a good file links
// the guardians whose proven address is an account of the school and invites the others by e-mail
// and SMS; a bad file lists every problem and changes nothing; a re-upload updates without
// duplicating or re-inviting; a claim link works once, not after it expires, not at another school.

enableMessagingChannels();

const HEADER =
  "admission_no,child_name,grade,class,guardian1_name,guardian1_email,guardian1_phone," +
  "guardian2_name,guardian2_email,guardian2_phone";

let admin: Browser;
let known: Awaited<ReturnType<typeof signedUpParent>>;
let unproven: Awaited<ReturnType<typeof signedUpParent>>;
let ownChildId: number;
const tag = `r${process.pid}`;
const mail = (name: string) => `${name}.${tag}@example.com`;

const preview = (browser: Browser, csv: string) =>
  browser.call<RollPreviewDto>(rollPreview.POST, "POST", "/api/parents/roll/preview", {
    body: { csv },
  });
const upload = (browser: Browser, csv: string) =>
  browser.call<RollImportDoneDto & { errors: RollErrorDto[]; message: string }>(
    rollImport.POST,
    "POST",
    "/api/parents/roll",
    { body: { csv } },
  );
const accept = (browser: Browser, token: string) =>
  browser.call<{ studentId: number; message: string }>(claim.POST, "POST", "/api/roll/claim", {
    body: { token },
  });

function file(rows: string[]): string {
  return [HEADER, ...rows].join("\r\n") + "\r\n";
}

async function counts() {
  const db = await testDb();
  return {
    roll: await db.rollChild.count(),
    students: await db.student.count(),
    invites: await db.rollInvite.count(),
    outbox: await db.emailOutbox.count(),
    guardians: await db.studentGuardian.count(),
    audits: await db.auditLog.count({ where: { action: "roll.import" } }),
  };
}

/** The token of the latest invitation for `child` e-mailed to `email`, read from the outbox. */
async function tokenFor(email: string, child: string): Promise<string> {
  const db = await testDb();
  const row = await db.emailOutbox.findFirstOrThrow({
    where: { to: email, channel: "email", subject: { startsWith: child } },
    orderBy: { id: "desc" },
  });
  const match = /\/claim\?token=([A-Za-z0-9_-]+)/.exec(row.text);
  if (!match) throw new Error(`no link in ${row.text}`);
  return match[1]!;
}

beforeAll(async () => {
  await setMessagingSetting({ sms: true, whatsapp: false });
  admin = await signedInAdmin(["parents_students"]);
  known = await signedUpParent({ email: mail("known") });
  unproven = await signedUpParent({ email: mail("unproven") });
  const db = await testDb();
  await db.user.update({
    where: { schoolId_id: { schoolId: 1, id: known.id } },
    data: { emailVerifiedAt: new Date() },
  });
  // The known parent added Mutale before the roll came: the roll reuses that child.
  ownChildId = (await addStudent(known.id, "mutale  ZULU", "2")).id;
});

const GOOD = file([
  `A-${tag}-1,Chilufya Banda,3,3B,Mwila Banda,${mail("known")},,Joseph Banda,${mail("joseph")},0977 123 456`,
  `A-${tag}-2,Bupe Phiri,Grade 7,,Natasha Phiri,${mail("natasha")},+260 966 123 456,,,`,
  `A-${tag}-3,Mutale Zulu,2,2A,Known Parent,${mail("known")},,,,`,
  `A-${tag}-4,Taonga Mwale,K,,Unproven Parent,${mail("unproven")},,Grandma Mwale,,0955 111 222`,
]);

describe("a good file", () => {
  it("previews, then imports: proven accounts linked, the others invited by e-mail and SMS", async () => {
    const before = await counts();
    const shown = await preview(admin, GOOD);
    expect(shown.status).toBe(200);
    expect(shown.body.errors).toEqual([]);
    expect(shown.body.summary).toEqual({
      children: 4,
      added: 4,
      updated: 0,
      unchanged: 0,
      linked: 2,
      invited: 3,
      smsInvites: 2,
      recentlyInvited: 0,
      notReachable: 1,
    });
    expect(await counts()).toEqual(before);

    const done = await upload(admin, GOOD);
    expect(done.status).toBe(200);
    expect(done.body.summary).toEqual(shown.body.summary);
    const after = await counts();
    expect(after.roll - before.roll).toBe(4);
    // Chilufya is new under the known parent; Mutale is the known parent's own child, reused.
    expect(after.students - before.students).toBe(1);
    expect(after.invites - before.invites).toBe(3);
    expect(after.audits - before.audits).toBe(1);

    const db = await testDb();
    const chilufya = await db.student.findFirstOrThrow({
      where: { parentId: known.id, name: "Chilufya Banda" },
    });
    expect(chilufya).toMatchObject({ grade: "3", className: "3B" });
    const mutale = await db.student.findUniqueOrThrow({
      where: { schoolId_id: { schoolId: 1, id: ownChildId } },
    });
    expect(mutale).toMatchObject({ name: "Mutale Zulu", grade: "2", className: "2A" });
    // The known parent is told of the child the roll put on their account (a slip in the file is
    // noticed by the family); their own child, reused, is no news.
    const told = await db.emailOutbox.findMany({
      where: { userId: known.id, subject: { endsWith: "is on your canteen account" } },
      select: { subject: true, text: true },
    });
    expect(told.map((m) => m.subject)).toEqual(["Chilufya Banda is on your canteen account"]);
    expect(told[0]!.text).toContain("If this is not your child, please tell the school office.");
    // Nobody registered yet for Bupe or Taonga: on the roll, no Student.
    const bupe = await db.rollChild.findFirstOrThrow({ where: { rollKey: `no:a-${tag}-2` } });
    expect(bupe.studentId).toBeNull();
    // The unproven account's address is invited, never linked at once.
    const taonga = await db.rollChild.findFirstOrThrow({ where: { rollKey: `no:a-${tag}-4` } });
    expect(taonga.studentId).toBeNull();

    const outbox = await db.emailOutbox.findMany({
      where: {
        to: {
          in: [mail("joseph"), mail("natasha"), mail("unproven"), "+260977123456", "+260966123456"],
        },
        userId: null,
      },
      select: { to: true, channel: true, text: true, erasure: true },
    });
    expect(outbox.map((row) => `${row.channel} ${row.to}`).sort()).toEqual(
      [
        `email ${mail("joseph")}`,
        `email ${mail("natasha")}`,
        `email ${mail("unproven")}`,
        "sms +260966123456",
        "sms +260977123456",
      ].sort(),
    );
    for (const row of outbox) {
      expect(row.erasure).toBe("secret");
      if (row.channel === "email") expect(row.text).toMatch(/\/claim\?token=[A-Za-z0-9_-]{32}/);
      // The text goes to a number nobody proved: it points at the e-mail, never carries the link.
      if (row.channel === "sms") {
        expect(row.text.length).toBeLessThanOrEqual(160);
        expect(row.text).toMatch(/open the link we e-mailed to \w\*\*\*@/);
        expect(row.text).not.toMatch(/claim|token|https?:/);
      }
    }
    // Only the hash is kept.
    const token = await tokenFor(mail("natasha"), "Bupe");
    expect(await db.rollInvite.count({ where: { tokenHash: token } })).toBe(0);
  });
});

describe("a bad file", () => {
  it("lists every problem with its row and column and changes nothing", async () => {
    const before = await counts();
    const bad = file([
      `B-${tag}-1,,3,,Ann Tembo,${mail("ann")},,,,`,
      `B-${tag}-2,Kondwani Tembo,13,,Ann Tembo,not-an-email,,,,`,
      `B-${tag}-3,Mapalo Tembo,4,this class name is far too long,Ann Tembo,${mail("ann")},12345,,,`,
      `B-${tag}-4,Chanda Tembo,5,,Ann Tembo,,,,,`,
      `B-${tag}-5,Luyando Tembo,6,,Ann Tembo,${mail("ann")},,,,`,
      `B-${tag}-5,Luyando Again,6,,Ann Tembo,${mail("ann")},,,,`,
      `B-${tag}-7,Only Four,Columns`,
    ]);
    const expected: unknown[] = [
      { row: 2, column: "child_name", message: expect.stringContaining("required") },
      { row: 3, column: "grade", message: expect.stringContaining("Not a grade") },
      { row: 3, column: "guardian1_email", message: "Not an e-mail address" },
      { row: 4, column: "class", message: "At most 20 characters" },
      { row: 4, column: "guardian1_phone", message: expect.stringContaining("mobile") },
      {
        row: 5,
        column: "guardian1_email",
        message: "At least one guardian needs an e-mail address",
      },
      { row: 7, column: "admission_no", message: "The same child is already on row 6" },
      { row: 8, column: "file", message: expect.stringContaining("found 3") },
    ];
    const shown = await preview(admin, bad);
    expect(shown.status).toBe(200);
    expect(shown.body.summary).toBeNull();
    expect(shown.body.errors).toEqual(expected);

    const refused = await upload(admin, bad);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe("The file has 8 problems; nothing was imported.");
    expect(refused.body.errors).toEqual(expected);
    expect(await counts()).toEqual(before);
  });

  it("names a missing or unknown column on the header's row", async () => {
    const answer = await preview(admin, "child_name,grade,favourite_food\r\nA,3,nshima\r\n");
    expect(answer.body.errors).toEqual([
      { row: 1, column: "favourite_food", message: "Unknown column: use the template's names" },
      { row: 1, column: "guardian1_name", message: "This column is missing" },
    ]);
  });
});

describe("a re-upload", () => {
  it("updates the children and their Students, adds the new, never duplicates or re-invites", async () => {
    const before = await counts();
    const again = file([
      // Chilufya moved class; Bupe's name was corrected; a new child; the rest as they were.
      `A-${tag}-1,Chilufya Banda,4,4A,Mwila Banda,${mail("known")},,Joseph Banda,${mail("joseph")},0977 123 456`,
      `A-${tag}-2,Bupe Phiri-Zulu,Grade 7,,Natasha Phiri,${mail("natasha")},+260 966 123 456,,,`,
      `A-${tag}-3,Mutale Zulu,2,2A,Known Parent,${mail("known")},,,,`,
      `A-${tag}-4,Taonga Mwale,K,,Unproven Parent,${mail("unproven")},,Grandma Mwale,,0955 111 222`,
      `A-${tag}-5,Natasha Junior,1,,Natasha Phiri,${mail("natasha")},+260 966 123 456,,,`,
    ]);
    const shown = await preview(admin, again);
    expect(shown.body.summary).toMatchObject({
      children: 5,
      added: 1,
      updated: 2,
      unchanged: 2,
      invited: 1,
      recentlyInvited: 3,
    });
    const done = await upload(admin, again);
    expect(done.status).toBe(200);
    const after = await counts();
    expect(after.roll - before.roll).toBe(1);
    expect(after.students - before.students).toBe(0);
    expect(after.invites - before.invites).toBe(1);
    const db = await testDb();
    const chilufya = await db.student.findMany({
      where: { parentId: known.id, name: "Chilufya Banda" },
    });
    expect(chilufya).toEqual([expect.objectContaining({ grade: "4", className: "4A" })]);
    expect(
      (await db.rollChild.findFirstOrThrow({ where: { rollKey: `no:a-${tag}-2` } })).name,
    ).toBe("Bupe Phiri-Zulu");
    // The same file once more: nothing to do.
    const third = await preview(admin, again);
    expect(third.body.summary).toMatchObject({ added: 0, updated: 0, unchanged: 5, invited: 0 });
  });
});

describe("a roll keyed by name, then by admission number", () => {
  it("finds the child by its name and first e-mail, then gives it the number", async () => {
    const byName = file([`,Lubona Mumba,6,,Ruth Mumba,${mail("ruth")},,,,`]);
    expect((await upload(admin, byName)).body.summary).toMatchObject({ added: 1 });
    const byNumber = file([
      `D-${tag}-1,lubona  mumba,7,,Ruth Mumba,${mail("ruth").toUpperCase()},,,,`,
    ]);
    expect((await preview(admin, byNumber)).body.summary).toMatchObject({ added: 0, updated: 1 });
    expect((await upload(admin, byNumber)).status).toBe(200);
    const db = await testDb();
    const rows = await db.rollChild.findMany({ where: { guardian1Email: mail("ruth") } });
    expect(rows).toEqual([
      expect.objectContaining({ rollKey: `no:d-${tag}-1`, name: "lubona mumba", grade: "7" }),
    ]);
    // The old file without the number again: the same child, back to the old grade, its number
    // kept.
    expect((await upload(admin, byName)).body.summary).toMatchObject({ added: 0, updated: 1 });
    expect(await db.rollChild.findMany({ where: { guardian1Email: mail("ruth") } })).toEqual([
      expect.objectContaining({ rollKey: `no:d-${tag}-1`, grade: "6" }),
    ]);
    // Another admission number with the same name and guardian: another child.
    const other = file([`D-${tag}-2,Lubona Mumba,1,,Ruth Mumba,${mail("ruth")},,,,`]);
    expect((await preview(admin, other)).body.summary).toMatchObject({ added: 1 });
  });
});

describe("claiming a child", () => {
  it("shows the invitation, makes the first claimer the child's guardian, and works once", async () => {
    const token = await tokenFor(mail("natasha"), "Bupe");
    const shown = await new Browser().call<RollClaimDto>(claim.GET, "GET", "/api/roll/claim", {
      query: { token },
    });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      status: "open",
      childName: "Bupe Phiri-Zulu",
      email: mail("natasha"),
      guardianName: "Natasha Phiri",
    });
    const natasha = await signedUpParent({ email: mail("natasha") });
    const first = await accept(natasha.browser, token);
    expect(first.status).toBe(200);
    const db = await testDb();
    const student = await db.student.findUniqueOrThrow({
      where: { schoolId_id: { schoolId: 1, id: first.body.studentId } },
    });
    expect(student).toMatchObject({ parentId: natasha.id, name: "Bupe Phiri-Zulu", grade: "7" });
    expect(
      (await db.rollChild.findFirstOrThrow({ where: { rollKey: `no:a-${tag}-2` } })).studentId,
    ).toBe(student.id);

    const twice = await accept(natasha.browser, token);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ message: ROLL_LINK_USED });
    const other = await signedUpParent();
    expect((await accept(other.browser, token)).body).toMatchObject({ message: ROLL_LINK_USED });
  });

  it("links the second guardian to the Student the first made", async () => {
    const joseph = await signedUpParent({ email: mail("joseph") });
    const answer = await accept(joseph.browser, await tokenFor(mail("joseph"), "Chilufya"));
    expect(answer.status).toBe(200);
    const db = await testDb();
    const chilufya = await db.student.findFirstOrThrow({
      where: { parentId: known.id, name: "Chilufya Banda" },
    });
    expect(answer.body.studentId).toBe(chilufya.id);
    expect(
      await db.studentGuardian.findUnique({
        where: { schoolId_studentId: { schoolId: 1, studentId: chilufya.id } },
      }),
    ).toMatchObject({ userId: joseph.id });
  });

  it("refuses an expired link, a made-up one, and a staff account", async () => {
    const token = await tokenFor(mail("unproven"), "Taonga");
    const db = await testDb();
    const teacher = await signedIn("teacher");
    expect((await accept(teacher.browser, token)).body).toMatchObject({
      message: ROLL_CLAIM_PARENTS_ONLY,
    });
    await db.rollInvite.updateMany({
      where: { email: mail("unproven") },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const late = await accept(unproven.browser, token);
    expect(late).toMatchObject({ status: 409, body: { message: ROLL_LINK_EXPIRED } });
    const shown = await new Browser().call<RollClaimDto>(claim.GET, "GET", "/api/roll/claim", {
      query: { token },
    });
    expect(shown.body.status).toBe("expired");
    const invented = await accept(unproven.browser, "x".repeat(32));
    expect(invented).toMatchObject({ status: 404, body: { message: ROLL_LINK_INVALID } });
    expect(
      await db.rollChild.findFirstOrThrow({ where: { rollKey: `no:a-${tag}-4` } }),
    ).toMatchObject({ studentId: null });
  });
});

describe("a guardian the school removed", () => {
  it("stops that guardian's link once a re-upload leaves them out", async () => {
    const both = file([
      `F-${tag}-1,Chisomo Tembo,2,,Agnes Tembo,${mail("agnes")},,Peter Tembo,${mail("peter")},`,
    ]);
    expect((await upload(admin, both)).status).toBe(200);
    const token = await tokenFor(mail("peter"), "Chisomo");
    // The school must keep Peter away: the roll no longer names him.
    const without = file([`F-${tag}-1,Chisomo Tembo,2,,Agnes Tembo,${mail("agnes")},,,,`]);
    expect((await upload(admin, without)).status).toBe(200);

    const peter = await signedUpParent({ email: mail("peter") });
    const shown = await new Browser().call<RollClaimDto>(claim.GET, "GET", "/api/roll/claim", {
      query: { token },
    });
    expect(shown).toMatchObject({ status: 409, body: { message: ROLL_LINK_REPLACED } });
    const refused = await accept(peter.browser, token);
    expect(refused).toMatchObject({ status: 409, body: { message: ROLL_LINK_REPLACED } });
    const db = await testDb();
    expect(
      await db.rollChild.findFirstOrThrow({ where: { rollKey: `no:f-${tag}-1` } }),
    ).toMatchObject({ studentId: null });
    // Agnes's own link still works.
    const agnes = await signedUpParent({ email: mail("agnes") });
    const taken = await accept(agnes.browser, await tokenFor(mail("agnes"), "Chisomo"));
    expect(taken.status).toBe(200);
  });
});

describe("two guardians claiming at once", () => {
  it("gives the child one Student: one first guardian, the other second", async () => {
    const csv = file([
      `C-${tag}-1,Kabwe Twice,5,,Mother Twice,${mail("mother")},,Father Twice,${mail("father")},`,
    ]);
    expect((await upload(admin, csv)).status).toBe(200);
    const [mother, father] = await Promise.all([
      signedUpParent({ email: mail("mother") }),
      signedUpParent({ email: mail("father") }),
    ]);
    const answers = await Promise.all([
      accept(mother.browser, await tokenFor(mail("mother"), "Kabwe")),
      accept(father.browser, await tokenFor(mail("father"), "Kabwe")),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const db = await testDb();
    const students = await db.student.findMany({ where: { name: "Kabwe Twice" } });
    expect(students).toHaveLength(1);
    const student = students[0]!;
    const second = await db.studentGuardian.findUniqueOrThrow({
      where: { schoolId_studentId: { schoolId: 1, studentId: student.id } },
    });
    expect([student.parentId, second.userId].sort()).toEqual([mother.id, father.id].sort());
    expect(
      await db.auditLog.count({ where: { action: "roll.claim", entityId: String(student.id) } }),
    ).toBe(2);
  });
});

describe("another school", () => {
  it("cannot claim this school's link nor link this school's accounts", async () => {
    const b = await createSchool("rollsecond", { name: "Roll Second School" });
    const origin = "http://rollsecond.localhost:3000";
    const bAdmin = new Browser(undefined, origin);
    expect(
      (
        await bAdmin.call(login.POST, "POST", "/api/login", {
          body: { username: "superadmin", password: b.adminPassword },
        })
      ).status,
    ).toBe(200);
    const token = await tokenFor(mail("natasha"), "Bupe");
    const bParent = new Browser(undefined, origin);
    const shown = await bParent.call(claim.GET, "GET", "/api/roll/claim", { query: { token } });
    expect(shown.status).toBe(404);

    // The same file at school B: nobody of school A is linked, everybody is invited at B.
    const shownAtB = await preview(bAdmin, GOOD);
    expect(shownAtB.body.summary).toMatchObject({ added: 4, linked: 0, invited: 5 });
    const done = await upload(bAdmin, GOOD);
    expect(done.status).toBe(200);
    expect(await (await testDb(b.id)).student.count()).toBe(0);
    expect(await (await testDb(b.id)).rollChild.count()).toBe(4);

    // School A's roll is school A's: B's admin's calls never touched it.
    expect(
      await (await testDb()).rollChild.count({ where: { rollKey: { startsWith: "no:a-" } } }),
    ).toBe(5);
  });
});

describe("a re-upload after the claims", () => {
  it("invites again after a week only the guardians who have not claimed", async () => {
    const db = await testDb();
    // A week and a day later.
    await db.rollInvite.updateMany({
      where: { email: { endsWith: `.${tag}@example.com` } },
      data: { createdAt: new Date(Date.now() - 8 * 86_400_000) },
    });
    const again = file([
      `A-${tag}-1,Chilufya Banda,4,4A,Mwila Banda,${mail("known")},,Joseph Banda,${mail("joseph")},0977 123 456`,
      `A-${tag}-2,Bupe Phiri-Zulu,Grade 7,,Natasha Phiri,${mail("natasha")},+260 966 123 456,,,`,
      `A-${tag}-3,Mutale Zulu,2,2A,Known Parent,${mail("known")},,,,`,
      `A-${tag}-4,Taonga Mwale,K,,Unproven Parent,${mail("unproven")},,Grandma Mwale,,0955 111 222`,
      `A-${tag}-5,Natasha Junior,1,,Natasha Phiri,${mail("natasha")},+260 966 123 456,,,`,
    ]);
    // Joseph and Natasha claimed (Chilufya, Bupe): not invited again, though neither address is
    // confirmed. Taonga's guardian and Natasha for her second child are.
    const shown = await preview(admin, again);
    expect(shown.body.summary).toMatchObject({ unchanged: 5, invited: 2, recentlyInvited: 0 });
  });
});
