import { describe, expect, it } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StudentsTab } from "@/components/parent/students-tab";
import { baseRoutes, mockFetch, parentUser, renderPortal, student } from "./portal-harness";

// Issue 47: a parent sets each child's daily counter limit (blank: the school's) or blocks it.
describe("the child's counter limit", () => {
  it("saves a limit, and a block with the school's limit", async () => {
    const calls = mockFetch(
      baseRoutes({
        "GET /api/students": [student({ counterDailyLimit: null, counterBlocked: false })],
        "GET /api/settings/counter": { dailyLimit: "50.00" },
        "PUT /api/students/11/counter": (body: unknown) => ({ id: 11, ...(body as object) }),
      }),
    );
    renderPortal(<StudentsTab user={parentUser} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Counter settings for Chipo" }));
    let dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText(/school's limit, K\s?50\.00 a day/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Daily limit (K)"), "12.50");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Counter settings for Chipo" }));
    dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("switch", { name: "Block the counter for Chipo" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      { dailyLimit: "12.50", blocked: false },
      { dailyLimit: null, blocked: true },
    ]);
  });
});
