import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ParentsStudentsSection } from "@/components/admin/parents/parents-section";
import type { ParentsPage } from "@/lib/contracts/people";
import { promotionAlreadyDone, type PromotionPreviewDto } from "@/lib/contracts/promotion";
import { mockFetch, renderPortal } from "./portal-harness";

// Parents & Students › Move up a grade (issue 49): the office reads the server's preview, then
// confirms once; the school year it confirms is the one the preview showed.

jest.setTimeout(20_000);

const noParents: ParentsPage = {
  data: [],
  metadata: {
    total: 0,
    page: 1,
    pageSize: 50,
    totalPages: 0,
    hasNextPage: false,
    hasPreviousPage: false,
  },
};

const preview = (overrides: Partial<PromotionPreviewDto> = {}): PromotionPreviewDto => ({
  year: 2027,
  lastYear: null,
  lastPromotedAt: null,
  steps: [
    { from: "ELC", to: "K", count: 12 },
    { from: "7", to: "8", count: 30 },
    { from: "12", to: null, count: 2 },
  ],
  leavers: [
    { id: 5, name: "Bupe Banda", className: "12A", parentName: "Mary Banda", upcomingMeals: 0 },
    { id: 6, name: "Kunda Phiri", className: null, parentName: "John Phiri", upcomingMeals: 0 },
  ],
  moving: 42,
  refusal: null,
  ...overrides,
});

describe("moving every child up a grade", () => {
  it("shows where each grade goes and the leavers, then moves them up for the year shown", async () => {
    const calls = mockFetch({
      "GET /api/parents?page=1": noParents,
      "GET /api/parents/students/promotion": preview(),
      "POST /api/parents/students/promotion": {
        year: 2027,
        moved: 42,
        archived: 2,
        message: "42 children moved up a grade; 2 leavers archived.",
      },
    });
    renderPortal(<ParentsStudentsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Move up a grade…" }));
    const dialog = await screen.findByRole("dialog", { name: "Move every child up a grade" });
    expect(
      await within(dialog).findByText(
        "For the school year 2027: 42 children move up, 2 children leave.",
      ),
    ).toBeInTheDocument();
    const rows = within(dialog)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(["ELCGrade K12", "Grade 7Grade 830", "Grade 12Leaves the school2"]);
    const leavers = within(dialog).getByRole("region", { name: "Leavers" });
    expect(leavers).toHaveTextContent("Bupe Banda (12A), Mary Banda");

    await user.click(within(dialog).getByRole("button", { name: "Move up for 2027" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: "/api/parents/students/promotion", body: { year: 2027 } },
    ]);
    expect(
      await screen.findByText("42 children moved up a grade; 2 leavers archived."),
    ).toBeInTheDocument();
    // The list of families is read again.
    expect(calls.filter((c) => c.path === "/api/parents?page=1").length).toBeGreaterThan(1);
  });

  it("shows the server's reason and offers no button when it cannot be done", async () => {
    const calls = mockFetch({
      "GET /api/parents?page=1": noParents,
      "GET /api/parents/students/promotion": preview({
        lastYear: 2027,
        lastPromotedAt: "2026-11-28T08:00:00.000Z",
        refusal: promotionAlreadyDone(2027),
      }),
    });
    renderPortal(<ParentsStudentsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Move up a grade…" }));
    const dialog = await screen.findByRole("dialog", { name: "Move every child up a grade" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(promotionAlreadyDone(2027));
    expect(within(dialog).getByText(/Last done for 2027\./)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Move up for 2027" })).toBeDisabled();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });
});
