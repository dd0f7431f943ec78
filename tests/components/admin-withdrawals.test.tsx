import { describe, expect, it } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { WithdrawalsCard } from "@/components/admin/refunds/withdrawals-card";
import type { AdminWithdrawalDto, WithdrawalsPageDto } from "@/lib/contracts/withdrawals";
import { mockFetch, renderPortal, zmw } from "./portal-harness";

// Refund Management's Withdrawals (issue 47): the families' requests, Pay out with how and a
// reference, Decline with a reason, and an erased family's request offered for payout only.

const LIST = "GET /api/refunds/withdrawals?status=all&page=1";

function request(overrides: Partial<AdminWithdrawalDto> = {}): AdminWithdrawalDto {
  return {
    id: 5,
    userId: 9,
    accountName: "Mwansa Banda",
    amount: "40.50",
    mobileNumber: "0977123456",
    operatorLabel: "Airtel Money",
    status: "pending",
    method: null,
    reference: null,
    reason: null,
    accountDeleted: false,
    decidedByName: null,
    createdAt: "2026-11-29T08:00:00.000Z",
    decidedAt: null,
    ...overrides,
  };
}

function page(data: AdminWithdrawalDto[]): WithdrawalsPageDto {
  return {
    data,
    metadata: {
      total: data.length,
      page: 1,
      pageSize: 20,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    },
  };
}

describe("Refund Management's withdrawals", () => {
  it("lists who asked, the number to pay and the state; decided ones say how", async () => {
    mockFetch({
      [LIST]: page([
        request(),
        request({ id: 6, accountName: "Deleted account", accountDeleted: true }),
        request({
          id: 4,
          status: "paid",
          method: "MTN MoMo",
          reference: "MP1",
          accountName: "Chanda Mulenga",
          decidedByName: "Office Clerk",
        }),
      ]),
    });
    renderPortal(<WithdrawalsCard />);
    const pending = (await screen.findByText("Mwansa Banda", { selector: "span" })).closest("tr")!;
    expect(within(pending).getByText("0977123456")).toBeInTheDocument();
    expect(within(pending).getByText(zmw(4050))).toBeInTheDocument();
    expect(within(pending).getByRole("button", { name: "Pay out withdrawal 5" })).toBeEnabled();
    expect(within(pending).getByRole("button", { name: "Decline withdrawal 5" })).toBeEnabled();
    const erased = screen.getByText("Account deleted: pay only").closest("tr")!;
    expect(within(erased).queryByRole("button", { name: /Decline/ })).toBeNull();
    const paid = screen.getByText("Ref. MP1").closest("tr")!;
    expect(within(paid).getByText("by Office Clerk")).toBeInTheDocument();
    expect(within(paid).queryByRole("button")).toBeNull();
  });

  it("pays out with the method and reference, and fetches the list again", async () => {
    const calls = mockFetch({
      [LIST]: page([request()]),
      "POST /api/refunds/withdrawals/5/pay": request({ status: "paid", method: "Airtel Money" }),
    });
    const user = userEvent.setup();
    renderPortal(<WithdrawalsCard />);
    await user.click(await screen.findByRole("button", { name: "Pay out withdrawal 5" }));
    const dialog = await screen.findByRole("dialog", { name: "Pay out" });
    expect(within(dialog).getByLabelText("Paid by")).toHaveValue("Airtel Money");
    await user.type(within(dialog).getByLabelText("Reference (optional)"), "MP2611.1");
    await user.click(within(dialog).getByRole("button", { name: "Record payout" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")).toEqual({
        method: "POST",
        path: "/api/refunds/withdrawals/5/pay",
        body: { method: "Airtel Money", reference: "MP2611.1" },
      }),
    );
    await waitFor(() => expect(calls.filter((c) => c.method === "GET").length).toBeGreaterThan(1));
  });

  it("declines only with a reason", async () => {
    const calls = mockFetch({
      [LIST]: page([request()]),
      "POST /api/refunds/withdrawals/5/decline": request({ status: "declined", reason: "No" }),
    });
    const user = userEvent.setup();
    renderPortal(<WithdrawalsCard />);
    await user.click(await screen.findByRole("button", { name: "Decline withdrawal 5" }));
    const dialog = await screen.findByRole("dialog", { name: "Decline withdrawal" });
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    expect(await within(dialog).findByText("Give the family a reason")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason/), "The number is not registered");
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({
        reason: "The number is not registered",
      }),
    );
  });
});
