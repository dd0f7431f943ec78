import { describe, expect, it } from "@jest/globals";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  LowBalanceAlert,
  WALLET_CHOICES_FAILED,
} from "@/components/portal/wallet/low-balance-alert";
import { mockFetch, renderPortal } from "./portal-harness";

// Issue 47: the parent's low-balance alert and counter e-mails. Both controls send the saved
// threshold with them, so before the saved choices arrive (or when they could not be loaded)
// switching counter e-mails on turned a saved alert off. They now wait for the saved choices.

describe("the wallet's alert choices", () => {
  it("stay closed while they could not be loaded, then save with the parent's saved alert", async () => {
    let fail = true;
    const calls = mockFetch({
      "GET /api/account/wallet": () =>
        fail
          ? { status: 500, body: { message: "Internal server error" } }
          : { lowBalanceThreshold: "50.00", counterReceipts: false },
      "PUT /api/account/wallet": (body: unknown) => body,
    });
    const user = userEvent.setup();
    renderPortal(<LowBalanceAlert />);

    expect(await screen.findByText(WALLET_CHOICES_FAILED)).toBeInTheDocument();
    const field = screen.getByLabelText("E-mail me when my wallet is below (K)");
    const receipts = screen.getByRole("switch", { name: "E-mail me each counter purchase" });
    expect(field).toBeDisabled();
    expect(receipts).toBeDisabled();
    expect(screen.getByRole("button", { name: "Save alert" })).toBeDisabled();
    await user.click(receipts);
    expect(calls.filter((call) => call.method === "PUT")).toEqual([]);

    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(field).toHaveValue("50.00"));
    expect(screen.queryByText(WALLET_CHOICES_FAILED)).not.toBeInTheDocument();
    expect(receipts).toBeEnabled();
    await user.click(receipts);
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      lowBalanceThreshold: "50.00",
      counterReceipts: true,
    });
  });
});
