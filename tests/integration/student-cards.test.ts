// The counter's student cards (issue 47): one card per child of the grade on A4 sheets of ten, a
// random code given at the first print and kept, reissued on demand (the old code then finds no
// one), and nothing of another school's children.
import { beforeAll, describe, expect, it } from "@jest/globals";
import { PDFParse } from "pdf-parse";
import * as card from "@/app/api/students/[id]/card/route";
import * as cards from "@/app/api/kitchen/student-cards/route";
import { CARD_CODE_ALPHABET, groupedCardCode, isCardCode } from "@/lib/contracts/cards";
import type { SchoolContext } from "@/lib/contracts/schools";
import { getDb, schoolDb } from "@/lib/db";
import { forgetSchools } from "@/lib/schools/resolve-school";
import { newCardCode } from "@/lib/students/cards";
import { signedIn, signedInSuperadmin, signedUpParent } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { schoolContext, testDb } from "@/tests/support/school";

let kitchen: Browser;
let parent: Awaited<ReturnType<typeof signedUpParent>>;
let fourth: { id: number; name: string }[];
let archivedId: number;
let schoolB: SchoolContext;
let childB: { id: number; cardCode: string | null };

beforeAll(async () => {
  kitchen = (await signedIn("admin", ["kitchen"])).browser;
  parent = await signedUpParent();
  const db = await testDb();
  const add = (name: string, grade: string, className: string | null, archived = false) =>
    db.student.create({
      data: {
        name,
        grade,
        className,
        parentId: parent.id,
        ...(archived && { archivedAt: new Date() }),
      },
      select: { id: true, name: true },
    });
  fourth = [];
  // Eleven children in grade 4, written out of order: the PDF sorts them by class, then name.
  for (let n = 11; n >= 1; n--) {
    fourth.push(await add(`Fourth ${String(n).padStart(2, "0")}`, "4", n <= 6 ? "4A" : "4B"));
  }
  archivedId = (await add("Fourth Archived", "4", "4A", true)).id;
  await add("Fifth Pupil", "5", null);
  await db.student.create({
    data: { name: "Staff Record", grade: "teacher", parentId: parent.id },
  });

  const platform = await getDb();
  const created = await platform.school.create({
    data: {
      slug: "cards-b",
      name: "Cards B",
      hosts: { create: [{ host: "cards-b.localhost:3000" }] },
    },
  });
  forgetSchools();
  schoolB = await schoolContext(created.id);
  const dbB = await schoolDb(schoolB.id);
  const parentB = await dbB.user.create({
    data: {
      schoolId: schoolB.id,
      username: "parent.b",
      usernameKey: "parent.b",
      passwordHash: "x",
      name: "Parent B",
      role: "parent",
    },
  });
  childB = await dbB.student.create({
    data: {
      schoolId: schoolB.id,
      name: "Child B",
      grade: "4",
      parentId: parentB.id,
      cardCode: newCardCode(),
    },
    select: { id: true, cardCode: true },
  });
});

async function readPdf(browser: Browser, query: Record<string, string>) {
  const res = await browser.respond(cards.GET, "GET", "/api/kitchen/student-cards", { query });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  const parser = new PDFParse({ data: bytes });
  try {
    return await parser.getText();
  } finally {
    await parser.destroy();
  }
}

async function codesOf(ids: number[]) {
  const db = await testDb();
  const rows = await db.student.findMany({
    where: { id: { in: ids } },
    select: { id: true, cardCode: true },
  });
  return new Map(rows.map((row) => [row.id, row.cardCode]));
}

describe("the code", () => {
  it("is the database's own from the day a child is added: random, of the card alphabet", async () => {
    const db = await testDb();
    const added = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        db.student.create({
          data: { name: `Added ${n}`, grade: "1", parentId: parent.id, archivedAt: new Date() },
          select: { id: true, cardCode: true },
        }),
      ),
    );
    expect(added.every((row) => row.cardCode !== null && isCardCode(row.cardCode))).toBe(true);
    expect(new Set(added.map((row) => row.cardCode)).size).toBe(50);
  });

  it("is twelve symbols of an alphabet without look-alikes when reissued", () => {
    expect(CARD_CODE_ALPHABET).not.toMatch(/[01ILOU]/);
    const many = Array.from({ length: 500 }, () => newCardCode());
    expect(many.every(isCardCode)).toBe(true);
    expect(new Set(many).size).toBe(500);
  });
});

describe("GET /api/kitchen/student-cards", () => {
  it("prints one card per child of the grade, ten to a sheet, each with its code", async () => {
    const pdf = await readPdf(kitchen, { grade: "4" });
    expect(pdf.total).toBe(2);
    const text = pdf.text;
    for (const child of fourth) {
      expect(text.split(child.name).length - 1).toBe(1);
    }
    expect(text).not.toContain("Fourth Archived");
    expect(text).not.toContain("Fifth Pupil");
    expect(text).not.toContain("Staff Record");
    expect(text).toContain("Grade 4 - Class 4A");
    // Sorted by class, then name: 4A's six on the first sheet first, 4B's last one on the second.
    const first = pdf.pages[0]!.text;
    expect(first.indexOf("Fourth 01")).toBeLessThan(first.indexOf("Fourth 06"));
    expect(first.indexOf("Fourth 06")).toBeLessThan(first.indexOf("Fourth 07"));
    expect(pdf.pages[1]!.text).toContain("Fourth 11");

    const codes = await codesOf(fourth.map((c) => c.id));
    const printed = [...codes.values()];
    expect(printed.every((code) => code !== null && isCardCode(code))).toBe(true);
    expect(new Set(printed).size).toBe(11);
    for (const code of printed) expect(text).toContain(groupedCardCode(code!));
    expect(text).not.toContain(groupedCardCode((await codesOf([archivedId])).get(archivedId)!));
  });

  it("keeps the codes of children printed before", async () => {
    const before = await codesOf(fourth.map((c) => c.id));
    await readPdf(kitchen, { grade: "4" });
    expect(await codesOf(fourth.map((c) => c.id))).toEqual(before);
  });

  it("prints every grade's children when no grade is asked, staff records left out", async () => {
    const pdf = await readPdf(kitchen, {});
    expect(pdf.text).toContain("Fifth Pupil");
    expect(pdf.text).not.toContain("Staff Record");
    expect(pdf.text).not.toContain("Child B");
  });

  it("is for the kitchen and the counter only", async () => {
    const counter = (await signedIn("admin", ["counter"])).browser;
    await readPdf(counter, { grade: "5" });
    const menu = (await signedIn("admin", ["menu"])).browser;
    const refused = await menu.call(cards.GET, "GET", "/api/kitchen/student-cards");
    expect(refused.status).toBe(403);
    const asParent = await parent.browser.call(cards.GET, "GET", "/api/kitchen/student-cards");
    expect(asParent.status).toBe(403);
  });

  it("answers 422 for an unknown grade", async () => {
    const answer = await kitchen.call(cards.GET, "GET", "/api/kitchen/student-cards", {
      query: { grade: "13" },
    });
    expect(answer.status).toBe(422);
  });
});

describe("POST /api/students/{id}/card", () => {
  const reissue = (browser: Browser, id: number) =>
    browser.call<{ cardCode: string; message?: string }>(
      card.POST,
      "POST",
      `/api/students/${id}/card`,
      {
        params: { id: String(id) },
      },
    );

  it("makes a new code, and the old one no longer finds the child", async () => {
    const child = fourth[0]!;
    const db = await testDb();
    const { cardCode: old } = await db.student.findFirstOrThrow({
      where: { id: child.id },
      select: { cardCode: true },
    });
    const answer = await reissue(kitchen, child.id);
    expect(answer.status).toBe(200);
    expect(isCardCode(answer.body.cardCode)).toBe(true);
    expect(answer.body.cardCode).not.toBe(old);
    expect(await db.student.findFirst({ where: { cardCode: old } })).toBeNull();
    expect(
      await db.student.findFirst({
        where: { cardCode: answer.body.cardCode },
        select: { id: true },
      }),
    ).toEqual({ id: child.id });
    const trail = await db.auditLog.findFirst({
      where: { action: "student.card-reissue", entityId: String(child.id) },
    });
    expect(JSON.stringify(trail?.details)).not.toContain(answer.body.cardCode);
  });

  it("gives a child without a code (cleared by hand) a new one", async () => {
    const db = await testDb();
    const fresh = await db.student.create({
      data: { name: "No Card Yet", grade: "2", parentId: parent.id, cardCode: null },
      select: { id: true },
    });
    expect((await codesOf([fresh.id])).get(fresh.id)).toBeNull();
    const answer = await reissue(kitchen, fresh.id);
    expect(answer.status).toBe(200);
    expect((await codesOf([fresh.id])).get(fresh.id)).toBe(answer.body.cardCode);
  });

  it("answers 404 for another school's child, an archived child or no child, changing nothing", async () => {
    for (const id of [childB.id, archivedId, 999_999]) {
      const answer = await reissue(kitchen, id);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe("Student not found");
    }
    const dbB = await schoolDb(schoolB.id);
    const after = await dbB.student.findFirst({
      where: { schoolId: schoolB.id, id: childB.id },
      select: { cardCode: true },
    });
    expect(after?.cardCode).toBe(childB.cardCode);
  });

  it("refuses a parent (403), even for their own child", async () => {
    const answer = await reissue(parent.browser, fourth[1]!.id);
    expect(answer.status).toBe(403);
  });

  it("lets the counter reissue, and the superadmin", async () => {
    const counter = (await signedIn("admin", ["counter"])).browser;
    expect((await reissue(counter, fourth[2]!.id)).status).toBe(200);
    expect((await reissue(await signedInSuperadmin(), fourth[2]!.id)).status).toBe(200);
  });
});
