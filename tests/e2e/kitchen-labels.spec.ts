import { expect, request, test } from "@playwright/test";
import { PDFParse } from "pdf-parse";
import { SUPERADMIN_PASSWORD } from "../../playwright.config";
import { login, openSection } from "./support/steps";

// Issue 18 on a laptop: the demo parent's child has a peanut allergy and a meal on week 2's
// Monday; the kitchen prints that day's labels and class lists from the Fat Chef View.

test.skip(({ isMobile }) => isMobile, "a desktop journey");

type Student = { id: number; name: string; grade: string };
type Cycle = { startDate: string; isActive: boolean; orderingOpensAt: string };
type Item = {
  id: number;
  type: string;
  weekNumbers: number[];
  daysOfWeek: number[];
  categories: string[];
  sideDishes: string[];
  allergens: string[];
};

const SHORT_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");

/** "9 Mar 2026" for 2026-03-09, as the Fat Chef View names a cycle's dates. */
const calendarLabel = (iso: string) => {
  const [year, month, day] = iso.slice(0, 10).split("-");
  return `${Number(day)} ${SHORT_MONTHS[Number(month) - 1]} ${year}`;
};

test("the kitchen prints a day's labels and class lists", async ({ page, baseURL }) => {
  // The cycle parents order for (decision 0071): active, open now, the one that starts last.
  let orderedCycle = "";
  await test.step("the demo parent orders for Chanda, who is allergic to peanuts", async () => {
    const parent = await request.newContext({ baseURL });
    const admin = await request.newContext({ baseURL });
    const sign = (ctx: typeof parent, username: string, password: string) =>
      ctx.post("/api/login", { data: { username, password } });
    expect((await sign(parent, "demo.parent", "demo-parent")).ok()).toBe(true);
    expect((await sign(admin, "superadmin", SUPERADMIN_PASSWORD)).ok()).toBe(true);
    const me = (await (await parent.get("/api/user")).json()) as { id: number };
    await admin.post("/api/discount-codes", {
      data: { code: `LABELS${me.id}`, userId: me.id, discountPercentage: 100 },
    });
    const students = (await (await parent.get("/api/students")).json()) as Student[];
    const chanda = students.find((s) => s.name.startsWith("Chanda"))!;
    const cycles = (await (await parent.get("/api/order-cycles")).json()) as Cycle[];
    orderedCycle = cycles
      .filter((c) => c.isActive && Date.parse(c.orderingOpensAt) <= Date.now())
      .map((c) => c.startDate)
      .sort()
      .at(-1)!;
    const care = await parent.put(`/api/students/${chanda.id}/care`, {
      data: { allergies: ["Peanuts"], className: "3B", allergyConsent: true },
    });
    expect(care.ok()).toBe(true);
    const menu = (await (await parent.get("/api/menu")).json()) as Item[];
    const item = menu.find(
      (m) =>
        m.type === "primary" &&
        m.weekNumbers.includes(2) &&
        m.daysOfWeek.includes(1) &&
        !m.allergens.includes("Peanuts"),
    )!;
    const placed = await parent.post("/api/orders", {
      data: [
        {
          menuItemId: item.id,
          studentId: chanda.id,
          weekNumber: 2,
          dayOfWeek: 1,
          category: item.categories[0] ?? null,
          sideDish: item.sideDishes[0] ?? null,
        },
      ],
    });
    expect(placed.ok()).toBe(true);
    await parent.dispose();
    await admin.dispose();
  });

  await test.step("Print labels and Class lists answer PDFs with the child", async () => {
    await login(page, "superadmin", SUPERADMIN_PASSWORD);
    await openSection(page, "Fat Chef View");
    // Another cycle with meals still to serve comes first: choose the one the order went to
    // (issue 44 §7; the Cycle select shows only with more than one cycle).
    const shown = (await (await page.request.get("/api/kitchen/cycles")).json()) as unknown[];
    if (shown.length > 1) {
      await page.getByRole("combobox", { name: "Cycle" }).click();
      await page
        .getByRole("option", { name: new RegExp(`^${calendarLabel(orderedCycle)} – `) })
        .click();
    }
    await expect(page.getByText(/^Current cycle started on /)).toContainText(
      calendarLabel(orderedCycle),
    );
    await page.getByRole("combobox", { name: "Orders to show" }).click();
    await page.getByRole("option", { name: "Week 2", exact: true }).click();
    await expect(page.getByRole("region", { name: "Allergies and dietary notes" })).toContainText(
      "Allergies: Peanuts",
    );
    for (const [name, text] of [
      [/^Print labels, Monday/, "ALLERGY: Peanuts"],
      [/^Class lists, Monday/, "Class 3B"],
    ] as const) {
      const link = page.getByRole("link", { name });
      await expect(link).toBeVisible();
      const href = (await link.getAttribute("href"))!;
      const answer = await page.request.get(href);
      expect(answer.headers()["content-type"]).toBe("application/pdf");
      const parser = new PDFParse({ data: new Uint8Array(await answer.body()) });
      const pdf = await parser.getText();
      await parser.destroy();
      expect(pdf.text).toContain("Chanda");
      expect(pdf.text).toContain(text);
    }
  });
});
