import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ParentsStudentsSection } from "@/components/admin/parents/parents-section";
import type { ParentsPage } from "@/lib/contracts/people";
import type { RollPreviewDto, RollSummaryDto } from "@/lib/contracts/roll";
import { mockFetch, renderPortal } from "./portal-harness";

// Parents & Students › Import roll… (issue 49, decision 0120): every problem the server finds is
// listed by row and column and Import stays off; a clean file shows what the import does, and
// Import sends that same file.

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

const summary: RollSummaryDto = {
  children: 2,
  added: 1,
  updated: 1,
  unchanged: 0,
  linked: 1,
  invited: 2,
  smsInvites: 1,
  recentlyInvited: 1,
  notReachable: 0,
};

const BAD = "child_name,grade,guardian1_name,guardian1_email\nChilufya,13,Mwila,bad\n";
const GOOD = "child_name,grade,guardian1_name,guardian1_email\nChilufya,3,Mwila,m@example.com\n";

describe("importing the roll", () => {
  it("lists every problem, then previews the fixed file and imports it", async () => {
    const calls = mockFetch({
      "GET /api/parents?page=1": noParents,
      "POST /api/parents/roll/preview": (body: unknown): RollPreviewDto =>
        (body as { csv: string }).csv === BAD
          ? {
              errors: [
                { row: 2, column: "grade", message: "Not a grade" },
                { row: 2, column: "guardian1_email", message: "Not an e-mail address" },
              ],
              moreErrors: 0,
              summary: null,
            }
          : { errors: [], moreErrors: 0, summary },
      "POST /api/parents/roll": { summary, message: "2 children on the roll (1 new, 1 updated)" },
    });
    renderPortal(<ParentsStudentsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Import roll…" }));
    const dialog = await screen.findByRole("dialog", { name: "Import the school roll" });
    const input = within(dialog).getByLabelText("CSV file");

    await user.upload(input, new File([BAD], "roll.csv", { type: "text/csv" }));
    const problems = await within(dialog).findByRole("region", { name: "Problems" });
    expect(within(problems).getByRole("alert")).toHaveTextContent("2 problems in the file");
    expect(
      within(problems)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["2gradeNot a grade", "2guardian1_emailNot an e-mail address"]);
    expect(within(dialog).getByRole("button", { name: "Import" })).toBeDisabled();

    await user.upload(input, new File([GOOD], "roll.csv", { type: "text/csv" }));
    const shown = await within(dialog).findByRole("region", { name: "What the import does" });
    expect(shown).toHaveTextContent("2 children in the file: 1 new, 1 updated, 0 unchanged.");
    expect(shown).toHaveTextContent("2 invitations to send by e-mail (1 also by SMS)");
    expect(shown).toHaveTextContent("1 guardian was invited in the last 7 days");
    await user.click(within(dialog).getByRole("button", { name: "Import" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.path === "/api/parents/roll")).toEqual([
      { method: "POST", path: "/api/parents/roll", body: { csv: GOOD } },
    ]);
    expect(
      await screen.findByText("2 children on the roll (1 new, 1 updated)"),
    ).toBeInTheDocument();
  });
});
