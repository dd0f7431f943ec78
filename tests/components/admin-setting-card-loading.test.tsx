import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CounterLimitCard } from "@/components/admin/settings/counter-limit-card";
import { mockFetch, renderPortal } from "./portal-harness";

// Every settings card shows the school's saved values once they arrive, and takes them into its
// form then. An office member who typed into a field before they came lost the typing: the saved
// values replaced it (seen in a Playwright run that typed before the answer). The fields now wait
// for the saved values, disabled, and are the school's when they open.

describe("a settings card while its saved values load", () => {
  it("keeps its fields closed until they arrive, then shows and saves what was typed", async () => {
    const calls = mockFetch({
      "GET /api/settings/counter": { dailyLimit: "35.00" },
      "POST /api/settings/counter": (body: unknown) => body,
    });
    const answered = global.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    global.fetch = jest.fn(async (...args: Parameters<typeof fetch>) => {
      await held;
      return answered(...args);
    });
    const user = userEvent.setup();
    renderPortal(<CounterLimitCard />);

    const field = screen.getByLabelText("Daily limit per child (K)");
    expect(field).toBeDisabled();
    expect(screen.getByRole("button", { name: "Save Counter Limit" })).toBeDisabled();
    await user.type(field, "99");
    expect(field).toHaveValue("50.00");

    release();
    await waitFor(() => expect(field).toBeEnabled());
    expect(field).toHaveValue("35.00");
    await user.clear(field);
    await user.type(field, "42");
    await user.click(screen.getByRole("button", { name: "Save Counter Limit" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ dailyLimit: "42.00" });
  });
});
