import { describe, expect, it, jest } from "@jest/globals";
import { useQueryClient } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AllergensCard } from "@/components/admin/settings/allergens-card";
import { CounterLimitCard } from "@/components/admin/settings/counter-limit-card";
import { SAVED_VALUES_FAILED } from "@/components/ui/form-card";
import { mockFetch, renderPortal } from "./portal-harness";

// Every settings card shows the school's saved values once they arrive, and takes them into its
// form then. An office member who typed into a field before they came lost the typing: the saved
// values replaced it (seen in a Playwright run that typed before the answer). The fields now wait
// for the saved values, disabled, and are the school's when they open.

/** Asks for every query again, as a later visit to the screen would. */
function ReloadAll() {
  const client = useQueryClient();
  return (
    <button type="button" onClick={() => void client.refetchQueries()}>
      Reload all
    </button>
  );
}

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

// A card whose saved values could not be loaded used to open on the form's defaults (K50 here),
// and a save then wrote them over the school's own: it now stays closed, says why, and asks again.
describe("a settings card whose saved values could not be loaded", () => {
  it("keeps its fields and button closed, says so, and opens on the school's values after Try again", async () => {
    let fail = true;
    const calls = mockFetch({
      "GET /api/settings/counter": () =>
        fail
          ? { status: 500, body: { message: "Internal server error" } }
          : { dailyLimit: "35.00" },
    });
    const user = userEvent.setup();
    renderPortal(<CounterLimitCard />);

    expect(await screen.findByText(SAVED_VALUES_FAILED)).toBeInTheDocument();
    const field = screen.getByLabelText("Daily limit per child (K)");
    expect(field).toBeDisabled();
    expect(screen.getByRole("button", { name: "Save Counter Limit" })).toBeDisabled();

    // Enter in the field (or any other way to submit) sends nothing while the card is closed.
    fireEvent.submit(field.closest("form")!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(field).toBeEnabled());
    expect(field).toHaveValue("35.00");
    expect(screen.queryByText(SAVED_VALUES_FAILED)).not.toBeInTheDocument();
    // The focus Try again had is not lost with it: the first field takes it.
    expect(field).toHaveFocus();
  });

  it("stays open on the school's values when a later reload fails", async () => {
    let fail = false;
    mockFetch({
      "GET /api/settings/counter": () =>
        fail
          ? { status: 500, body: { message: "Internal server error" } }
          : { dailyLimit: "35.00" },
    });
    const user = userEvent.setup();
    renderPortal(
      <>
        <CounterLimitCard />
        <ReloadAll />
      </>,
    );
    const field = screen.getByLabelText("Daily limit per child (K)");
    await waitFor(() => expect(field).toHaveValue("35.00"));

    fail = true;
    await user.click(screen.getByRole("button", { name: "Reload all" }));
    expect(await screen.findByText("Internal server error")).toBeInTheDocument();
    expect(screen.queryByText(SAVED_VALUES_FAILED)).not.toBeInTheDocument();
    expect(field).toBeEnabled();
    expect(field).toHaveValue("35.00");
  });

  it("keeps the allergens' add form closed rather than saving a list without the school's own", async () => {
    let fail = true;
    const calls = mockFetch({
      "GET /api/settings/allergens": () =>
        fail
          ? { status: 500, body: { message: "Internal server error" } }
          : { custom: ["Mustard"] },
    });
    const user = userEvent.setup();
    renderPortal(<AllergensCard />);

    expect(await screen.findByText(SAVED_VALUES_FAILED)).toBeInTheDocument();
    expect(screen.getByLabelText("New allergen")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Add Allergen" })).toBeDisabled();

    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Mustard")).toBeInTheDocument();
    expect(screen.getByLabelText("New allergen")).toBeEnabled();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });
});
