import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  EMPTY_FILTERS,
  liveOrdersPath,
  type LiveOrderFilters,
} from "@/components/admin/live-orders/live-order-format";
import { LiveOrdersSection } from "@/components/admin/live-orders/live-orders-section";
import type { LiveOrder, LiveOrdersPage } from "@/lib/contracts/live-orders";
import { mockFetch, renderPortal, type FetchCall, type Routes } from "./portal-harness";

// Live Orders (spec 001 §2, §4, §8, §9): filters apply on 'Apply Filters' only, the 5 s poll keeps
// the applied filters, the page and the open rows, and each status offers its own actions.

jest.setTimeout(20_000);
afterEach(() => {
  jest.useRealTimers();
});

let nextId = 1;
function order(overrides: Partial<LiveOrder> = {}): LiveOrder {
  const id = overrides.id ?? nextId++;
  return {
    id,
    createdAt: "2030-03-05T08:15:00.000Z",
    username: "mary.banda",
    transactionId: `TOKEN-${id}`,
    transactionRef: `REF-${id}`,
    status: "Payment Initiated",
    isRecovered: false,
    amount: "40.95",
    originalAmount: "45.50",
    payment: { method: "CARD", operator: null, maskedNumber: null },
    cartItems: [
      {
        menuItemId: 101,
        studentId: 11,
        student: { name: "Chipo Banda", grade: "3", allergies: [], dietaryNotes: null },
        menuItem: { name: "Nshima with Beef Stew" },
        weekNumber: 2,
        dayOfWeek: 3,
        category: "beef",
        sideDish: "Rice",
        originalPrice: "45.50",
        discountedPrice: "40.95",
      },
    ],
    ...overrides,
  };
}

function page(data: LiveOrder[], pageNo = 1, totalOrders = data.length): LiveOrdersPage {
  const totalPages = Math.ceil(totalOrders / 50);
  return {
    data,
    pagination: {
      totalOrders,
      totalPages,
      hasPreviousPage: pageNo > 1,
      hasNextPage: pageNo < totalPages,
    },
    availableStatuses: ["Payment Initiated", "Failed", "Orders created successfully"],
  };
}

const path = (filters: Partial<LiveOrderFilters> = {}, pageNo = 1) =>
  liveOrdersPath({ ...EMPTY_FILTERS, ...filters }, pageNo);

function renderSection(routes: Routes): FetchCall[] {
  const calls = mockFetch(routes);
  renderPortal(<LiveOrdersSection />);
  return calls;
}

const gets = (calls: FetchCall[], p: string) =>
  calls.filter((c) => c.method === "GET" && c.path === p).length;

describe("the Live Orders table", () => {
  it("shows the empty state", async () => {
    renderSection({ [`GET ${path()}`]: page([]) });
    expect(await screen.findByText("No Live Orders")).toBeInTheDocument();
    expect(screen.getByText("No orders are currently being processed")).toBeInTheDocument();
  });

  it("shows whole kwacha rounded up, the original struck through, and the Recovered badge", async () => {
    renderSection({
      [`GET ${path()}`]: page([
        order({ id: 1, isRecovered: true, status: "Orders created successfully" }),
      ]),
    });
    const row = (await screen.findByText("TOKEN-1")).closest("tr")!;
    expect(within(row).getByText("Recovered")).toBeInTheDocument();
    // On the school's clock (Lusaka, UTC+2), whatever the browser's zone (the suite runs in Lima).
    expect(row).toHaveTextContent("05 Mar 2030, 10:15");
    expect(within(row).getByTestId("original-amount")).toHaveTextContent(/46/);
    expect(row).toHaveTextContent(/41/);
    expect(row).not.toHaveTextContent("40.95");
    expect(screen.getByText("Showing orders 1 to 1 of 1")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 1")).toBeInTheDocument();
  });

  it("applies the filters only on 'Apply Filters', and the 5 s poll keeps filters, page and open rows", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const first = order({ id: 7, username: "mary.banda" });
    const onSecondPage = order({ id: 8, username: "mary.banda", transactionId: "TOKEN-SECOND" });
    let polls = 0;
    const calls = renderSection({
      [`GET ${path()}`]: page([order({ id: 6, username: "john" })], 1, 60),
      [`GET ${path({ parent: "mary" })}`]: page([first], 1, 60),
      // Each poll answers fresh data (the status moves on), as a live list does.
      [`GET ${path({ parent: "mary" }, 2)}`]: () =>
        page([{ ...onSecondPage, status: polls++ === 0 ? "Payment Initiated" : "Failed" }], 2, 60),
    });
    await screen.findByText("TOKEN-6");

    await user.type(screen.getByLabelText("Filter by parent"), "mary");
    // Typing alone fetches nothing.
    expect(gets(calls, path({ parent: "mary" }))).toBe(0);
    await user.click(screen.getByRole("button", { name: "Apply Filters" }));
    await screen.findByText("TOKEN-7");
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("TOKEN-SECOND");
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    expect(screen.getByText("Showing orders 51 to 51 of 60")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Show details of order 8" }));
    const details = screen.getByLabelText("Details of order 8");
    expect(details).toHaveTextContent("Chipo Banda");
    expect(details).toHaveTextContent("Grade 3");
    expect(details).toHaveTextContent("Week 2, Wednesday");
    expect(details).toHaveTextContent("Protein: Beef");
    expect(details).toHaveTextContent("Side: Rice");

    // A filter typed but not applied stays a draft through the poll.
    await user.type(screen.getByLabelText("Filter by student"), "Chi");
    const before = gets(calls, path({ parent: "mary" }, 2));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5_000);
    });
    await waitFor(() => expect(gets(calls, path({ parent: "mary" }, 2))).toBeGreaterThan(before));
    // The refreshed row (now Failed, so it offers Retry) is still open, on the same page.
    await screen.findByRole("button", { name: "Retry order 8" });
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    expect(screen.getByLabelText("Details of order 8")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Hide details of order 8" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(screen.getByLabelText("Filter by parent")).toHaveValue("mary");
    expect(screen.getByLabelText("Filter by student")).toHaveValue("Chi");
    expect(gets(calls, path({ parent: "mary", student: "Chi" }))).toBe(0);
  });
});

describe("actions by status", () => {
  it("offers Retry, Check Payment, Submit Order, Verify and Abandon by status; nothing when recovered", async () => {
    renderSection({
      [`GET ${path()}`]: page([
        order({ id: 1, status: "Failed" }),
        order({ id: 2, status: "Payment Initiated" }),
        order({ id: 3, status: "Payment Verified" }),
        order({ id: 4, status: "Processing Started" }),
        order({ id: 5, status: "Failed", isRecovered: true }),
        order({ id: 6, status: "Orders created successfully" }),
        order({ id: 7, status: "Payment Initiated", transactionId: null }),
      ]),
    });
    await screen.findByText("TOKEN-1");
    const buttonsOf = (id: number) =>
      within(screen.getByText(id === 7 ? "REF-7" : `TOKEN-${id}`).closest("tr")!)
        .queryAllByRole("button")
        .map((b) => b.textContent)
        .filter((t) => t !== "");
    expect(buttonsOf(1)).toEqual(["Retry"]);
    expect(buttonsOf(2)).toEqual(["Check Payment"]);
    expect(buttonsOf(3)).toEqual(["Submit Order"]);
    expect(buttonsOf(4)).toEqual(["Verify", "Abandon"]);
    expect(buttonsOf(5)).toEqual([]);
    expect(buttonsOf(6)).toEqual([]);
    expect(buttonsOf(7)).toEqual([]);
  });

  it("retries and says 'Order Retry Initiated'", async () => {
    const user = userEvent.setup();
    const calls = renderSection({
      [`GET ${path()}`]: page([order({ id: 1, status: "Failed" })]),
      "POST /api/payments/orders/1/retry": {
        success: true,
        status: "Orders created successfully",
        message: "Orders created successfully",
      },
    });
    await user.click(await screen.findByRole("button", { name: "Retry order 1" }));
    expect(await screen.findByText("Order Retry Initiated")).toBeInTheDocument();
    expect(
      calls.some((c) => c.method === "POST" && c.path === "/api/payments/orders/1/retry"),
    ).toBe(true);
  });

  it("checks a payment: 'Payment Verified' when PAID, 'Payment Failed' with the fallback otherwise", async () => {
    const user = userEvent.setup();
    renderSection({
      [`GET ${path()}`]: page([order({ id: 1 }), order({ id: 2 })]),
      "POST /api/payments/check-status/TOKEN-1": {
        success: true,
        status: "PAID",
        message: "Transaction Paid",
      },
      "POST /api/payments/check-status/TOKEN-2": { success: false, status: "PENDING", message: "" },
    });
    await user.click(await screen.findByRole("button", { name: "Check Payment order 1" }));
    expect(await screen.findByText("Payment Verified")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Check Payment order 2" }));
    expect(await screen.findByText("Payment Failed")).toBeInTheDocument();
    expect(screen.getByText("The payment was not successful.")).toBeInTheDocument();
  });

  it("submits a verified order ('Order Processed') and shows 'Processing Failed' with the server's message", async () => {
    const user = userEvent.setup();
    renderSection({
      [`GET ${path()}`]: page([
        order({ id: 1, status: "Payment Verified" }),
        order({ id: 2, status: "Payment Verified" }),
      ]),
      "POST /api/payments/orders/1/process": {
        success: true,
        status: "Orders created successfully",
        message: "Orders created successfully",
      },
      "POST /api/payments/orders/2/process": {
        status: 409,
        body: { message: "Cannot submit the order: the payment is not verified" },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Submit Order order 1" }));
    expect(await screen.findByText("Order Processed")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Submit Order order 2" }));
    expect(await screen.findByText("Processing Failed")).toBeInTheDocument();
    expect(
      screen.getByText("Cannot submit the order: the payment is not verified"),
    ).toBeInTheDocument();
  });

  it("abandons with the transaction id ('Status Updated'), says 'Update Failed' on a refusal", async () => {
    const user = userEvent.setup();
    const calls = renderSection({
      [`GET ${path()}`]: page([
        order({ id: 1, status: "Processing Started" }),
        order({ id: 2, status: "Processing Started" }),
      ]),
      "PUT /api/payments/payment-attempts/TOKEN-1/status": {
        success: true,
        status: "Payment Abandoned",
        message: "Payment status updated",
      },
      "PUT /api/payments/payment-attempts/TOKEN-2/status": {
        status: 409,
        body: {
          message: "Cannot change payment status from Payment Initiated to Payment Abandoned",
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Abandon order 1" }));
    expect(await screen.findByText("Status Updated")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ status: "Payment Abandoned" });
    await user.click(screen.getByRole("button", { name: "Abandon order 2" }));
    expect(await screen.findByText("Update Failed")).toBeInTheDocument();
  });

  it("completes a free order without a transaction id, and refuses a paid one ('Action Failed')", async () => {
    const user = userEvent.setup();
    const calls = renderSection({
      [`GET ${path()}`]: page([
        order({ id: 1, status: "Processing Started", transactionId: null, amount: "0.00" }),
        order({ id: 2, status: "Processing Started", transactionId: null }),
      ]),
      "PUT /api/payments/payment-attempts/REF-1/status": {
        success: true,
        status: "Orders created successfully",
        message: "Orders created successfully",
      },
    });
    await user.click(await screen.findByRole("button", { name: "Abandon order 1" }));
    expect(await screen.findByText("Status Updated")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      status: "Orders created successfully",
    });
    await user.click(screen.getByRole("button", { name: "Abandon order 2" }));
    expect(await screen.findByText("Action Failed")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1);
  });
});
