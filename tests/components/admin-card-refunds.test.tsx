import { describe, expect, it } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RefundManagementSection } from "@/components/admin/refunds/refunds-section";
import type { CardRefundDto, LeavingFamilyDto } from "@/lib/contracts/card-refunds";
import type { RefundDto } from "@/lib/contracts/orders";
import { mockFetch, renderPortal, type Routes } from "./portal-harness";

// Refund Management's refunds through DPO (issue 49): Refund to card on a card-paid order, DPO's
// answer in a toast (refunded, or pending with DPO's reason), the pending list with Retry, and a
// family leaving with how the office paid the part by hand.

function order(overrides: Partial<RefundDto> = {}): RefundDto {
  return {
    id: 31,
    orderDate: "2026-03-02T08:30:00.000Z",
    student: { name: "Chipo", grade: "3", allergies: [], dietaryNotes: null },
    menuItem: { name: "Nshima with Beef Stew" },
    weekNumber: 2,
    dayOfWeek: 3,
    mealDate: "2026-03-11",
    amount: "45.50",
    status: "cancelled",
    card: { refundable: "45.50", cardRefund: null },
    refund: null,
    ...overrides,
  };
}

function cardRefund(overrides: Partial<CardRefundDto> = {}): CardRefundDto {
  return {
    id: 7,
    orderId: 31,
    family: { id: 4, name: "Mwansa Banda" },
    amount: "45.50",
    status: "refunded",
    calls: 1,
    unansweredCalls: 0,
    resultCode: "000",
    explanation: "Refund successful",
    answeredAt: "2026-03-12T09:00:00.000Z",
    refundedAt: "2026-03-12T09:00:00.000Z",
    paidByHandAt: null,
    createdAt: "2026-03-12T09:00:00.000Z",
    ...overrides,
  };
}

const page = (data: RefundDto[]) => ({
  data,
  metadata: {
    total: data.length,
    page: 1,
    pageSize: 20,
    totalPages: 1,
    hasNextPage: false,
    hasPreviousPage: false,
  },
});

function render(routes: Routes) {
  const calls = mockFetch({
    "GET /api/refunds/card-refunds": { data: [] },
    "GET /api/refunds/leaving": { data: [] },
    ...routes,
  });
  renderPortal(<RefundManagementSection />);
  return calls;
}

describe("Refund Management: refunds through DPO", () => {
  it("refunds a card-paid order to the card, the refundable amount offered", async () => {
    const calls = render({
      "GET /api/refunds?page=1": page([order(), order({ id: 32, card: null })]),
      "POST /api/refunds/31/card": cardRefund(),
    });
    const button = await screen.findByRole("button", {
      name: "Refund order 31 to the card through DPO",
    });
    expect(
      screen.queryByRole("button", { name: "Refund order 32 to the card through DPO" }),
    ).toBeNull();
    await userEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Refund to card through DPO" });
    const amount = within(dialog).getByLabelText("Amount (K)");
    expect(amount).toHaveValue("45.50");
    await userEvent.clear(amount);
    await userEvent.type(amount, "20");
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund to card" }));
    expect(await screen.findByText("Refunded to the card")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: "/api/refunds/31/card",
      body: { amount: "20" },
    });
  });

  it("says when DPO refused, with its reason, and shows the refund pending with Retry", async () => {
    const refused = cardRefund({
      status: "pending",
      resultCode: "999",
      explanation: "Refund failed: card account closed",
      refundedAt: null,
    });
    const calls = render({
      "GET /api/refunds?page=1": page([order()]),
      "POST /api/refunds/31/card": refused,
      "GET /api/refunds/card-refunds": { data: [refused] },
      "POST /api/refunds/card-refunds/7/retry": cardRefund({ calls: 2 }),
    });
    await userEvent.click(
      await screen.findByRole("button", { name: "Refund order 31 to the card through DPO" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Refund to card through DPO" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund to card" }));
    expect(
      await screen.findByText("Not refunded yet: the refund stays pending"),
    ).toBeInTheDocument();
    const retry = await screen.findByRole("button", { name: "Send card refund 7 to DPO again" });
    expect(retry.closest("tr")).toHaveTextContent("999 Refund failed: card account closed");
    await userEvent.click(retry);
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/api/refunds/card-refunds/7/retry")).toBe(true),
    );
    expect(await screen.findByText("Refunded to the card")).toBeInTheDocument();
  });

  it("gives a leaving family its credit back, saying how the office paid the rest", async () => {
    const family: LeavingFamilyDto = {
      id: 4,
      name: "Mwansa Banda",
      email: "mwansa@example.com",
      balance: "110.00",
      byCard: "100.00",
      byHand: "10.00",
    };
    const calls = render({
      "GET /api/refunds?page=1": page([]),
      "GET /api/refunds/leaving": { data: [family] },
      "POST /api/refunds/leaving": {
        familyId: 4,
        refunded: "110.00",
        byCard: "100.00",
        byHand: "10.00",
        cardRefunds: [cardRefund({ orderId: null, amount: "100.00" })],
      },
    });
    await userEvent.click(
      await screen.findByRole("button", { name: "Give Mwansa Banda's credit back" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Give the whole credit back" });
    await userEvent.click(within(dialog).getByRole("radio", { name: "Bank transfer" }));
    await userEvent.type(within(dialog).getByLabelText("Reference (optional)"), "TT-55");
    await userEvent.click(within(dialog).getByRole("button", { name: "Give credit back" }));
    expect(await screen.findByText("Credit given back")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: "/api/refunds/leaving",
      body: { familyId: 4, method: "bank", reference: "TT-55", note: null },
    });
  });

  it("pays a refused refund back by hand instead, saying how", async () => {
    const refused = cardRefund({ status: "pending", resultCode: "999", refundedAt: null });
    const calls = render({
      "GET /api/refunds?page=1": page([]),
      "GET /api/refunds/card-refunds": { data: [refused] },
      "POST /api/refunds/card-refunds/7/by-hand": cardRefund({
        status: "paid_by_hand",
        paidByHandAt: "2026-03-12T10:00:00.000Z",
      }),
    });
    await userEvent.click(
      await screen.findByRole("button", { name: "Pay card refund 7 back by hand instead" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Pay back by hand instead" });
    expect(within(dialog).queryByText(/DPO never answered/)).toBeNull();
    await userEvent.click(within(dialog).getByRole("radio", { name: "Mobile money" }));
    await userEvent.type(within(dialog).getByLabelText("Reference (optional)"), "MP77");
    await userEvent.click(within(dialog).getByRole("button", { name: "Record as paid by hand" }));
    expect(await screen.findByText("Recorded as paid by hand")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: "/api/refunds/card-refunds/7/by-hand",
      body: { method: "mobile_money", reference: "MP77", checkedDpo: false },
    });
  });

  it("asks the office to check DPO's portal first when DPO never answered", async () => {
    const lost = cardRefund({
      id: 8,
      orderId: null,
      status: "pending",
      unansweredCalls: 1,
      resultCode: null,
      explanation: "No answer from DPO",
      refundedAt: null,
      answeredAt: null,
    });
    const calls = render({
      "GET /api/refunds?page=1": page([]),
      "GET /api/refunds/card-refunds": { data: [lost] },
      "POST /api/refunds/card-refunds/8/by-hand": cardRefund({ id: 8, status: "paid_by_hand" }),
    });
    await userEvent.click(
      await screen.findByRole("button", { name: "Pay card refund 8 back by hand instead" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Pay back by hand instead" });
    // A leaving family is paid out: never to credit.
    expect(within(dialog).queryByRole("radio", { name: /credit/i })).toBeNull();
    const record = within(dialog).getByRole("button", { name: "Record as paid by hand" });
    await userEvent.click(record);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/check in DPO's portal/);
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await userEvent.click(
      within(dialog).getByRole("switch", {
        name: "I checked DPO's portal: this refund was not made",
      }),
    );
    await userEvent.click(record);
    expect(await screen.findByText("Recorded as paid by hand")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: "/api/refunds/card-refunds/8/by-hand",
      body: { method: "cash", checkedDpo: true },
    });
  });

  it("asks for DPO's portal when an earlier call went unanswered, even after a refusal", async () => {
    const refused = cardRefund({
      status: "pending",
      calls: 2,
      unansweredCalls: 1,
      resultCode: "999",
      refundedAt: null,
    });
    render({
      "GET /api/refunds?page=1": page([]),
      "GET /api/refunds/card-refunds": { data: [refused] },
    });
    await userEvent.click(
      await screen.findByRole("button", { name: "Pay card refund 7 back by hand instead" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Pay back by hand instead" });
    expect(
      within(dialog).getByRole("switch", {
        name: "I checked DPO's portal: this refund was not made",
      }),
    ).toBeInTheDocument();
  });
});
