import { describe, expect, it } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AccountCreditPanel } from "@/components/portal/account-credit-panel";
import type { WithdrawalDto } from "@/lib/contracts/withdrawals";
import { mockFetch, renderPortal, zmw } from "./portal-harness";

// The wallet's Withdraw (issue 47) in Order History's credit panel: an amount up to the balance and
// the number to pay, checked before anything is sent, and the family's requests with their state.

function request(overrides: Partial<WithdrawalDto> = {}): WithdrawalDto {
  return {
    id: 3,
    amount: "20.00",
    mobileNumber: "097****456",
    status: "declined",
    method: null,
    reference: null,
    reason: "Wrong number",
    createdAt: "2026-11-28T08:00:00.000Z",
    decidedAt: "2026-11-28T09:00:00.000Z",
    ...overrides,
  };
}

describe("the wallet's Withdraw", () => {
  it("shows the requests and sends a withdrawal within the balance", async () => {
    let balance = "100.00";
    let mine = [request()];
    const calls = mockFetch({
      "GET /api/account/credit": () => ({ balance, held: "0.00", entries: [] }),
      "GET /api/account/withdrawals": () => mine,
      "GET /api/account/wallet": { lowBalanceThreshold: null, counterReceipts: false },
      "POST /api/account/withdraw": () => {
        balance = "60.00";
        mine = [request({ id: 4, amount: "40.00", status: "pending", reason: null }), ...mine];
        return { status: 201, body: { withdrawal: mine[0], balance } };
      },
    });
    const user = userEvent.setup();
    renderPortal(<AccountCreditPanel timeZone="Africa/Lusaka" phone="0977123456" />);
    const list = await screen.findByRole("list", { name: "Withdrawals" });
    expect(within(list).getByText("Declined")).toBeInTheDocument();
    expect(within(list).getByText(/Wrong number/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Withdraw" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw from your wallet" });
    expect(within(dialog).getByLabelText("Mobile money number to pay")).toHaveValue("0977123456");
    await user.type(within(dialog).getByLabelText("Amount (K)"), "100.01");
    await user.click(within(dialog).getByRole("button", { name: "Request withdrawal" }));
    expect(
      await within(dialog).findByText("You cannot withdraw more than your wallet holds."),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText("Amount (K)"));
    await user.type(within(dialog).getByLabelText("Amount (K)"), "40");
    await user.click(within(dialog).getByRole("button", { name: "Request withdrawal" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "POST")).toEqual([
        {
          method: "POST",
          path: "/api/account/withdraw",
          body: { amount: "40.00", mobileNumber: "0977123456" },
        },
      ]),
    );
    expect(await screen.findByText("Waiting for the school")).toBeInTheDocument();
    expect(await screen.findByText(zmw(6000))).toBeInTheDocument();
  });

  it("offers no withdrawal from an empty wallet", async () => {
    mockFetch({
      "GET /api/account/credit": { balance: "0.00", held: "0.00", entries: [] },
      "GET /api/account/withdrawals": [],
      "GET /api/account/wallet": { lowBalanceThreshold: null, counterReceipts: false },
    });
    renderPortal(<AccountCreditPanel timeZone="Africa/Lusaka" phone={null} />);
    expect(await screen.findByRole("button", { name: "Withdraw" })).toBeDisabled();
  });
});
