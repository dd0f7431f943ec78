import { beforeAll, describe, expect, it } from "@jest/globals";
import { PDFParse } from "pdf-parse";
import * as classList from "@/app/api/kitchen/class-list/route";
import * as labels from "@/app/api/kitchen/labels/route";
import { testDb } from "@/tests/support/school";
import { cycleDayDate, toIsoDate } from "@/lib/school-calendar";
import {
  activeCycle,
  addMenuItem,
  signedIn,
  signedInSuperadmin,
  signedUpParent,
} from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";

// Issue 18: the kitchen's labels (3 × 7 on A4) and class lists, read back as text.

let admin: Browser;
let start: string;
const date = (dayOfWeek: number) => cycleDayDate(start, 1, dayOfWeek);

beforeAll(async () => {
  const cycle = await activeCycle();
  start = toIsoDate(cycle.startDate);
  admin = await signedInSuperadmin();
  const meal = await addMenuItem({ name: "Nshima and Beef" });
  const parent = await signedUpParent();
  const db = await testDb();
  const students = await Promise.all(
    Array.from({ length: 43 }, (_, n) =>
      db.student.create({
        data: {
          name: `Pupil ${String(n + 1).padStart(2, "0")}`,
          grade: n < 20 ? "3" : "7",
          className: n < 10 ? "3A" : n < 20 ? "3B" : null,
          parentId: parent.id,
          allergies: n === 0 ? ["Peanuts"] : [],
          dietaryNotes: n === 1 ? "Halal only" : null,
        },
      }),
    ),
  );
  // Day 1: 21 meals, day 2: 22, day 3: 43.
  for (const [dayOfWeek, count] of [
    [1, 21],
    [2, 22],
    [3, 43],
  ] as const) {
    await db.order.createMany({
      data: students.slice(0, count).map((s) => ({
        userId: parent.id,
        studentId: s.id,
        menuItemId: meal.id,
        cycleId: cycle.id,
        weekNumber: 1,
        dayOfWeek,
        category: "beef",
        sideDish: "Rice",
        comments: s.name === "Pupil 03" ? "Cut into small pieces" : null,
        originalPrice: "40.00",
        discountedPrice: "40.00",
        paymentStatus: "confirmed" as const,
      })),
    });
  }
});

async function readPdf(handler: typeof labels.GET, path: string, query: Record<string, string>) {
  const res = await admin.respond(handler, "GET", path, { query });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  const parser = new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) });
  try {
    return await parser.getText();
  } finally {
    await parser.destroy();
  }
}

describe("GET /api/kitchen/labels", () => {
  it.each([
    [1, 21, 1],
    [2, 22, 2],
    [3, 43, 3],
  ])("prints day %i's %i meals on %i sheet(s) of 21", async (day, meals, pages) => {
    const pdf = await readPdf(labels.GET, "/api/kitchen/labels", { date: date(day) });
    expect(pdf.total).toBe(pages);
    for (let n = 1; n <= meals; n++) {
      expect(pdf.text).toContain(`Pupil ${String(n).padStart(2, "0")}`);
    }
    expect(pdf.text.match(/Nshima and Beef/g)).toHaveLength(meals);
  });

  it("puts the child, grade and class, meal, choices, comments and care on the label", async () => {
    const pdf = await readPdf(labels.GET, "/api/kitchen/labels", { date: date(1) });
    const first = pdf.pages[0]!.text;
    expect(first).toContain("Grade 3 - Class 3A");
    expect(first).toContain("beef / Rice");
    expect(first).toContain("ALLERGY: Peanuts");
    expect(first).toContain("DIET: Halal only");
    expect(first).toContain("Cut into small pieces");
  });

  it("sorts by grade, class and name, and takes one grade when asked", async () => {
    const all = await readPdf(labels.GET, "/api/kitchen/labels", { date: date(3) });
    expect(all.text.indexOf("Pupil 20")).toBeLessThan(all.text.indexOf("Pupil 21"));
    const seventh = await readPdf(labels.GET, "/api/kitchen/labels", { date: date(3), grade: "7" });
    expect(seventh.text).toContain("Pupil 21");
    expect(seventh.text).not.toContain("Pupil 01");
    expect(seventh.total).toBe(2);
  });

  it("refuses a bad date (422) and anyone without the kitchen feature", async () => {
    const bad = await admin.call(labels.GET, "GET", "/api/kitchen/labels", {
      query: { date: "tomorrow" },
    });
    expect(bad.status).toBe(422);
    const other = await signedIn("admin", ["history"]);
    const refused = await other.browser.call(labels.GET, "GET", "/api/kitchen/labels", {
      query: { date: date(1) },
    });
    expect(refused.status).toBe(403);
  });
});

describe("GET /api/kitchen/class-list", () => {
  it("has one page per grade and class with who eats what and the flags", async () => {
    const pdf = await readPdf(classList.GET, "/api/kitchen/class-list", { date: date(3) });
    // Grade 3 class 3A, grade 3 class 3B, grade 7 without a class.
    expect(pdf.total).toBe(3);
    expect(pdf.pages[0]!.text).toContain("Grade 3 - Class 3A");
    expect(pdf.pages[0]!.text).toContain("Pupil 01");
    expect(pdf.pages[0]!.text).toContain("ALLERGY: Peanuts");
    expect(pdf.pages[0]!.text).not.toContain("Pupil 11");
    expect(pdf.pages[1]!.text).toContain("Grade 3 - Class 3B");
    expect(pdf.pages[2]!.text).toContain("Grade 7");
    expect(pdf.pages[2]!.text).toContain("Pupil 43");
  });
});

describe("several kitchen PDFs asked at once", () => {
  it("each gets its own whole document", async () => {
    const [day3, day1, grade7, lists] = await Promise.all([
      readPdf(labels.GET, "/api/kitchen/labels", { date: date(3) }),
      readPdf(labels.GET, "/api/kitchen/labels", { date: date(1) }),
      readPdf(labels.GET, "/api/kitchen/labels", { date: date(3), grade: "7" }),
      readPdf(classList.GET, "/api/kitchen/class-list", { date: date(3) }),
    ]);
    expect([day3.total, day1.total, grade7.total, lists.total]).toEqual([3, 1, 2, 3]);
    expect(day3.text.match(/Nshima and Beef/g)).toHaveLength(43);
    expect(day1.text.match(/Nshima and Beef/g)).toHaveLength(21);
    expect(grade7.text).not.toContain("Pupil 01");
    expect(lists.pages[2]!.text).toContain("Pupil 43");
  });
});
