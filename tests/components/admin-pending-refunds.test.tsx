import { describe, expect, it } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PendingPaymentsSection } from "@/components/admin/pending-payments/pending-payments-section";
import { RefundManagementSection } from "@/components/admin/refunds/refunds-section";
import type {
  PendingPaymentGroupDto,
  PendingPaymentOrderDto,
  PendingPaymentsPageDto,
  RefundDto,
  RefundsPageDto,
} from "@/lib/contracts/orders";
import { mockFetch, renderPortal, zmw, type FetchCall, type Routes } from "./portal-harness";

function pendingOrder(overrides: Partial<PendingPaymentOrderDto> = {}): PendingPaymentOrderDto {
  const order = {
    id: 1,
    orderDate: "2026-03-02T08:30:00.000Z",
    student: { name: "Chipo", grade: "3", allergies: [], dietaryNotes: null },
    menuItem: { name: "Nshima with Beef Stew" },
    weekNumber: 2,
    dayOfWeek: 3,
    category: "beef",
    sideDish: "Rice",
    comments: "No onions",
    originalPrice: "50.00",
    discountedPrice: "45.50",
    discountPercentage: 0,
    allergyAcknowledged: false,
    ...overrides,
  };
  return { ...order, amountDue: overrides.amountDue ?? order.discountedPrice };
}

function group(overrides: Partial<PendingPaymentGroupDto> = {}): PendingPaymentGroupDto {
  return {
    parentId: 7,
    parentUsername: "mary.banda",
    totalAmount: "45.50",
    orders: [pendingOrder()],
    ...overrides,
  };
}

function pendingPage(
  data: PendingPaymentGroupDto[],
  { page = 1, totalGroups = data.length } = {},
): PendingPaymentsPageDto {
  const totalPages = Math.ceil(totalGroups / 50);
  return {
    data,
    pagination: {
      totalGroups,
      totalPages,
      hasNextPage: page < totalPages,
      hasPreviousPage: page > 1,
      page,
      pageSize: 50,
    },
  };
}

const maryGroup = group({
  totalAmount: "75.50",
  orders: [
    pendingOrder({ id: 11 }),
    pendingOrder({
      id: 12,
      student: { name: "Mwila", grade: "8", allergies: [], dietaryNotes: null },
      menuItem: { name: "Rice and Chicken" },
      discountedPrice: "30.00",
      comments: null,
      dayOfWeek: 4,
    }),
    pendingOrder({
      id: 13,
      discountedPrice: "0.00",
      discountPercentage: 100,
      dayOfWeek: 5,
    }),
  ],
});
const johnGroup = group({
  parentId: 8,
  parentUsername: "john.phiri",
  totalAmount: "20.00",
  orders: [pendingOrder({ id: 21, discountedPrice: "20.00" })],
});

function renderPending(routes: Routes): FetchCall[] {
  const calls = mockFetch(routes);
  renderPortal(<PendingPaymentsSection />);
  return calls;
}

const groupRegion = (username: string) =>
  screen.findByRole("region", { name: `Pending payments of ${username}` });
const verifyCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.method === "PUT" && c.path === "/api/payments/verify");

describe("Pending Payments", () => {
  it("shows each parent's orders with total, details, rounded amounts and the badge", async () => {
    renderPending({ "GET /api/payments/pending?page=1": pendingPage([maryGroup, johnGroup]) });
    const mary = await groupRegion("mary.banda");
    expect(screen.getByText("Showing parents 1 to 2 of 2")).toBeInTheDocument();
    expect(within(mary).getByTestId("group-total")).toHaveTextContent(zmw(7550));
    const rows = within(mary).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    // 45.50 rounds up to K 46; a 100% discount shows 0.
    expect(within(rows[0]!).getByTestId("pending-amount").textContent).toMatch(/46$/);
    expect(within(rows[2]!).getByTestId("pending-amount").textContent).toMatch(/\b0$/);
    expect(within(rows[0]!).getByText("Chipo")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Grade 3")).toBeInTheDocument();
    // Week and day read as one pair ("W2 Wed"), in full for screen readers (issue 25).
    expect(within(rows[0]!).getByText("W2 Wed")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Week 2, Wednesday")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Protein: beef")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Side: Rice")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Comments: No onions")).toBeInTheDocument();
    expect(within(mary).getAllByText("Payment Pending")).toHaveLength(3);
  });

  it("asks only what the account credit left to pay (issue 44)", async () => {
    const credited = group({
      totalAmount: "20.00",
      orders: [pendingOrder({ id: 41, discountedPrice: "50.00", amountDue: "20.00" })],
    });
    renderPending({ "GET /api/payments/pending?page=1": pendingPage([credited]) });
    const mary = await groupRegion("mary.banda");
    expect(within(mary).getByTestId("group-total")).toHaveTextContent(zmw(2000));
    expect(within(mary).getByTestId("pending-amount").textContent).toMatch(/20$/);
  });

  it("verifies only the orders chosen in that group", async () => {
    const calls = renderPending({
      "GET /api/payments/pending?page=1": pendingPage([maryGroup, johnGroup]),
      "PUT /api/payments/verify": { updated: 1 },
    });
    const mary = await groupRegion("mary.banda");
    const john = await groupRegion("john.phiri");
    await userEvent.click(within(mary).getByRole("checkbox", { name: "Select order 12" }));
    await userEvent.click(within(john).getByRole("checkbox", { name: "Select order 21" }));
    await userEvent.click(within(mary).getByRole("button", { name: "Verify Selected Payments" }));

    await waitFor(() => expect(verifyCalls(calls)).toHaveLength(1));
    expect(verifyCalls(calls)[0]!.body).toEqual({ orderIds: [12] });
    expect(await screen.findByText("Payments Verified")).toBeInTheDocument();
    expect(screen.getByText("Selected orders have been marked as paid")).toBeInTheDocument();
    // The list is fetched again.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/api/payments/pending?page=1").length).toBeGreaterThan(
        1,
      ),
    );
  });

  it("selects and deselects a whole group with Select All", async () => {
    const calls = renderPending({
      "GET /api/payments/pending?page=1": pendingPage([maryGroup, johnGroup]),
      "PUT /api/payments/verify": { updated: 3 },
    });
    const mary = await groupRegion("mary.banda");
    await userEvent.click(within(mary).getByRole("button", { name: "Select All" }));
    for (const id of [11, 12, 13]) {
      expect(within(mary).getByRole("checkbox", { name: `Select order ${id}` })).toBeChecked();
    }
    const john = await groupRegion("john.phiri");
    expect(within(john).getByRole("checkbox", { name: "Select order 21" })).not.toBeChecked();

    await userEvent.click(within(mary).getByRole("button", { name: "Deselect All" }));
    expect(within(mary).getByRole("checkbox", { name: "Select order 11" })).not.toBeChecked();

    await userEvent.click(within(mary).getByRole("button", { name: "Select All" }));
    await userEvent.click(within(mary).getByRole("button", { name: "Verify Selected Payments" }));
    await waitFor(() => expect(verifyCalls(calls)).toHaveLength(1));
    expect(verifyCalls(calls)[0]!.body).toEqual({ orderIds: [11, 12, 13] });
  });

  it("says No Orders Selected and sends nothing when nothing is chosen", async () => {
    const calls = renderPending({
      "GET /api/payments/pending?page=1": pendingPage([maryGroup]),
    });
    const mary = await groupRegion("mary.banda");
    await userEvent.click(within(mary).getByRole("button", { name: "Verify Selected Payments" }));
    expect(await screen.findByText("No Orders Selected")).toBeInTheDocument();
    expect(screen.getByText("Please select orders to verify")).toBeInTheDocument();
    expect(verifyCalls(calls)).toHaveLength(0);
  });

  it("shows the server's message when verification fails", async () => {
    renderPending({
      "GET /api/payments/pending?page=1": pendingPage([maryGroup]),
      "PUT /api/payments/verify": { status: 500, body: {} },
    });
    const mary = await groupRegion("mary.banda");
    await userEvent.click(within(mary).getByRole("checkbox", { name: "Select order 11" }));
    await userEvent.click(within(mary).getByRole("button", { name: "Verify Selected Payments" }));
    expect(await screen.findByText("Failed to verify payments")).toBeInTheDocument();
  });

  it("shows the empty state when every payment is verified", async () => {
    renderPending({ "GET /api/payments/pending?page=1": pendingPage([]) });
    expect(await screen.findByText("No Pending Payments")).toBeInTheDocument();
    expect(screen.getByText("All payments have been verified")).toBeInTheDocument();
  });

  it("pages through parents 50 at a time", async () => {
    const many = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        group({
          parentId: from + i,
          parentUsername: `parent.${from + i}`,
          orders: [pendingOrder({ id: 1000 + from + i })],
        }),
      );
    const calls = renderPending({
      "GET /api/payments/pending?page=1": pendingPage(many(1, 50), { totalGroups: 53 }),
      "GET /api/payments/pending?page=2": pendingPage(many(51, 3), { page: 2, totalGroups: 53 }),
    });
    expect(await screen.findByText("Showing parents 1 to 50 of 53")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing parents 51 to 53 of 53")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    expect(calls.some((c) => c.path === "/api/payments/pending?page=2")).toBe(true);
  });

  it("reports a failed load", async () => {
    renderPending({ "GET /api/payments/pending?page=1": { status: 500, body: {} } });
    expect(await screen.findAllByText("Failed to fetch pending payments")).not.toHaveLength(0);
  });
});

function refund(overrides: Partial<RefundDto> = {}): RefundDto {
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
    card: null,
    refund: null,
    ...overrides,
  };
}

function refundsPage(data: RefundDto[], page = 1, total = data.length): RefundsPageDto {
  const totalPages = Math.ceil(total / 20);
  return {
    data,
    metadata: {
      total,
      page,
      pageSize: 20,
      totalPages,
      hasNextPage: page < totalPages,
      hasPreviousPage: page > 1,
    },
  };
}

function renderRefunds(routes: Routes): FetchCall[] {
  const calls = mockFetch(routes);
  renderPortal(<RefundManagementSection />);
  return calls;
}

describe("Refund Management", () => {
  const rows = [
    refund(),
    refund({
      id: 32,
      status: "refunded",
      amount: "12.05",
      student: { name: "Mwila", grade: "8", allergies: [], dietaryNotes: null },
    }),
  ];

  it("lists orders with decimals and offers Mark as Refunded only for cancelled ones", async () => {
    renderRefunds({ "GET /api/refunds?page=1": refundsPage(rows) });
    const cancelledRow = (await screen.findByText("Chipo")).closest("tr")!;
    const refundedRow = screen.getByText("Mwila").closest("tr")!;
    expect(within(cancelledRow).getByText(zmw(4550))).toBeInTheDocument();
    expect(within(cancelledRow).getByText("Grade 3")).toBeInTheDocument();
    expect(within(cancelledRow).getByText("cancelled")).toBeInTheDocument();
    expect(
      within(cancelledRow).getByRole("button", { name: "Mark order 31 as refunded" }),
    ).toHaveTextContent("Mark as Refunded");
    expect(within(refundedRow).getByText(zmw(1205))).toBeInTheDocument();
    expect(within(refundedRow).queryByRole("button")).toBeNull();
  });

  it("shows each order's meal date, so two like orders can be told apart (issue 44)", async () => {
    renderRefunds({
      "GET /api/refunds?page=1": refundsPage([
        refund(),
        refund({ id: 34, mealDate: "2026-03-12", dayOfWeek: 4 }),
      ]),
    });
    const first = (
      await screen.findByRole("button", { name: "Mark order 31 as refunded" })
    ).closest("tr")!;
    const second = screen.getByRole("button", { name: "Mark order 34 as refunded" }).closest("tr")!;
    expect(within(first).getByText(/11 Mar 2026/)).toBeInTheDocument();
    expect(within(first).getByText("W2 Wed")).toBeInTheDocument();
    expect(within(second).getByText(/12 Mar 2026/)).toBeInTheDocument();
    expect(within(second).getByText("W2 Thu")).toBeInTheDocument();
  });

  it("marks an order refunded through the dialog, with how, and fetches the list again", async () => {
    const calls = renderRefunds({
      "GET /api/refunds?page=1": refundsPage(rows),
      "POST /api/refunds/31/complete": refund({ status: "refunded" }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Mark order 31 as refunded" }));
    const dialog = await screen.findByRole("dialog", { name: "Mark as Refunded" });
    await userEvent.click(within(dialog).getByRole("radio", { name: "Mobile money" }));
    await userEvent.type(within(dialog).getByLabelText("Reference (optional)"), "MP123");
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm Refund" }));
    expect(await screen.findByText("Refund completed")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      method: "mobile_money",
      reference: "MP123",
      note: null,
    });
    expect(screen.getByText("The order has been marked as refunded.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/refunds/31/complete")).toBe(
      true,
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/api/refunds?page=1").length).toBeGreaterThan(1),
    );
  });

  it("shows the server's refusal, else the fallback", async () => {
    renderRefunds({
      "GET /api/refunds?page=1": refundsPage([refund(), refund({ id: 33 })]),
      "POST /api/refunds/31/complete": {
        status: 409,
        body: { message: "Only cancelled orders can be refunded" },
      },
      "POST /api/refunds/33/complete": { status: 500, body: {} },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Mark order 31 as refunded" }));
    await userEvent.click(await screen.findByRole("button", { name: "Confirm Refund" }));
    expect(await screen.findByText("Only cancelled orders can be refunded")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Mark order 33 as refunded" })).toBeEnabled(),
    );
    await userEvent.click(screen.getByRole("button", { name: "Mark order 33 as refunded" }));
    await userEvent.click(await screen.findByRole("button", { name: "Confirm Refund" }));
    expect(await screen.findByText("Failed to mark order as refunded")).toBeInTheDocument();
  });

  it("refunds to account credit, and shows how and by whom a refunded order went back", async () => {
    const calls = renderRefunds({
      "GET /api/refunds?page=1": refundsPage([
        refund(),
        refund({
          id: 34,
          status: "refunded",
          student: { name: "Mwila", grade: "8", allergies: [], dietaryNotes: null },
          refund: {
            method: "card_reversal",
            reference: "DPO-991",
            note: null,
            adminName: "Office Admin",
            refundedAt: "2026-03-03T08:00:00.000Z",
          },
        }),
      ]),
      "POST /api/refunds/31/complete": refund({ status: "refunded" }),
    });
    const refundedRow = (await screen.findByText("Mwila")).closest("tr")!;
    expect(within(refundedRow).getByText("Card reversal in DPO's portal")).toBeInTheDocument();
    expect(within(refundedRow).getByText("by Office Admin")).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole("button", { name: "Refund order 31 to account credit" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Mark as Refunded" });
    expect(within(dialog).getByRole("radio", { name: "Account credit" })).toBeChecked();
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm Refund" }));
    expect(
      await screen.findByText("The paid amount was added to the parent's account credit."),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      method: "credit",
      reference: null,
      note: null,
    });
  });

  it("shows the empty state", async () => {
    renderRefunds({ "GET /api/refunds?page=1": refundsPage([]) });
    expect(await screen.findByText("No orders pending refund")).toBeInTheDocument();
  });

  it("moves between pages", async () => {
    renderRefunds({
      "GET /api/refunds?page=1": refundsPage([refund()], 1, 21),
      "GET /api/refunds?page=2": refundsPage(
        [
          refund({
            id: 40,
            student: { name: "Bupe", grade: "K", allergies: [], dietaryNotes: null },
          }),
        ],
        2,
        21,
      ),
    });
    expect(await screen.findByText("Page 1 of 2")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Bupe")).toBeInTheDocument();
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Previous" })).toBeEnabled();
  });

  it("reports a failed load", async () => {
    renderRefunds({ "GET /api/refunds?page=1": { status: 500, body: {} } });
    expect(await screen.findAllByText("Failed to fetch refunds")).not.toHaveLength(0);
  });
});
