import { describe, expect, it, jest } from "@jest/globals";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OrderRecoverySection } from "@/components/admin/order-recovery/order-recovery-section";
import type { FailedOrder } from "@/lib/contracts/live-orders";
import { mockFetch, renderPortal, type Routes } from "./portal-harness";

// Order Recovery (spec 001 §2, §4, §8): the table, Retry with the cart's items as DISCOUNT orders,
// the disabled states, the Order Details dialog and the messages.

jest.setTimeout(20_000);

function failed(overrides: Partial<FailedOrder> = {}): FailedOrder {
  return {
    id: 4,
    orderDate: "2030-03-05T08:15:00.000Z",
    student: { name: "Chipo Banda", grade: "3" },
    amount: "45.50",
    status: "Processing started",
    error: "Paid, but a meal day was already ordered; orders need recovery",
    paymentRef: "TOKEN-4",
    payment: { method: "CARD", operator: null, maskedNumber: null },
    cartItems: [
      {
        menuItemId: 101,
        menuItem: { name: "Nshima with Beef Stew" },
        studentId: 11,
        student: { name: "Chipo Banda", grade: "3", allergies: [], dietaryNotes: null },
        weekNumber: 2,
        dayOfWeek: 3,
        category: "beef",
        sideDish: "Rice",
        comments: "No salt",
        price: "45.50",
      },
    ],
    ...overrides,
  };
}

function renderSection(routes: Routes) {
  const calls = mockFetch(routes);
  renderPortal(<OrderRecoverySection />);
  return calls;
}

describe("Order Recovery", () => {
  it("shows the empty state", async () => {
    renderSection({ "GET /api/payments/failed-orders": { data: [] } });
    expect(await screen.findByText("No failed orders found")).toBeInTheDocument();
  });

  it("says 'Failed to fetch failed orders' when the list cannot be loaded", async () => {
    renderSection({ "GET /api/payments/failed-orders": { status: 500, body: {} } });
    expect(await screen.findAllByText("Failed to fetch failed orders")).not.toHaveLength(0);
  });

  it("hides an 'N/A' grade and disables Retry for completed and in-progress recoveries", async () => {
    renderSection({
      "GET /api/payments/failed-orders": {
        data: [
          failed({ id: 1, paymentRef: "REF-1", student: { name: "Gone", grade: "N/A" } }),
          failed({ id: 2, paymentRef: "REF-2", status: "Orders created successfully" }),
          failed({ id: 3, paymentRef: "REF-3", status: "Recovery in progress" }),
        ],
      },
    });
    const row = (ref: string) => screen.getByText(ref).closest("tr")!;
    await screen.findByText("REF-1");
    expect(row("REF-1")).not.toHaveTextContent("N/A");
    expect(within(row("REF-1")).getByRole("button", { name: "Retry" })).toBeEnabled();
    expect(within(row("REF-2")).getByRole("button", { name: "Retry" })).toBeDisabled();
    expect(within(row("REF-3")).getByRole("button", { name: "Retry" })).toBeDisabled();
    expect(row("REF-2")).toHaveTextContent("Grade 3");
  });

  it("retries with the cart's items as completed DISCOUNT orders", async () => {
    const user = userEvent.setup();
    const calls = renderSection({
      "GET /api/payments/failed-orders": { data: [failed()] },
      "POST /api/payments/orders/4/retry": { success: true, status: "Orders created successfully" },
    });
    await user.click(await screen.findByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Order recovery initiated successfully")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      cartItems: [
        {
          menuItemId: 101,
          studentId: 11,
          weekNumber: 2,
          dayOfWeek: 3,
          category: "beef",
          sideDish: "Rice",
          comments: "No salt",
          paymentStatus: "completed",
          paymentProcessor: "DISCOUNT",
          student: { name: "Chipo Banda", grade: "3", allergies: [], dietaryNotes: null },
        },
      ],
    });
    // Retry does not open the dialog.
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the server's error, else 'Failed to retry order'", async () => {
    const user = userEvent.setup();
    renderSection({
      "GET /api/payments/failed-orders": {
        data: [failed({ id: 4 }), failed({ id: 5, paymentRef: "T5" })],
      },
      "POST /api/payments/orders/4/retry": {
        status: 422,
        body: {
          message: "Cannot create orders for blocked days",
          error: "Cannot create orders for blocked days",
        },
      },
      "POST /api/payments/orders/5/retry": { status: 500, body: {} },
    });
    await screen.findByText("T5");
    await user.click(within(screen.getByText("TOKEN-4").closest("tr")!).getByRole("button"));
    expect(await screen.findByText("Cannot create orders for blocked days")).toBeInTheDocument();
    await user.click(within(screen.getByText("T5").closest("tr")!).getByRole("button"));
    expect(await screen.findByText("Failed to retry order")).toBeInTheDocument();
  });

  it("opens 'Order Details' on a row click with the items, reference, status and total", async () => {
    const user = userEvent.setup();
    renderSection({
      "GET /api/payments/failed-orders": {
        data: [
          failed({
            cartItems: [
              ...failed().cartItems,
              {
                ...failed().cartItems[0]!,
                menuItem: { name: "Soup" },
                price: null,
                comments: null,
              },
            ],
          }),
        ],
      },
    });
    await user.click(await screen.findByText("Chipo Banda"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Order Details")).toBeInTheDocument();
    expect(dialog).toHaveTextContent("Nshima with Beef Stew");
    expect(dialog).toHaveTextContent("Week 2, Wednesday");
    expect(dialog).toHaveTextContent("Category: Beef");
    expect(dialog).toHaveTextContent("Side dish: Rice");
    expect(dialog).toHaveTextContent("Comments: No salt");
    expect(dialog).toHaveTextContent("N/A");
    expect(dialog).toHaveTextContent("TOKEN-4");
    expect(dialog).toHaveTextContent("Processing started");
    expect(dialog).toHaveTextContent(/Total.*45\.50/);
  });

  it("filters by status with the spec's labels", async () => {
    const user = userEvent.setup();
    const calls = renderSection({
      "GET /api/payments/failed-orders": { data: [] },
      "GET /api/payments/failed-orders?status=Processing%20started": { data: [failed()] },
    });
    await screen.findByText("No failed orders found");
    await user.click(screen.getByRole("combobox", { name: "Filter by status" }));
    expect(screen.getByRole("option", { name: "Completed" })).toBeInTheDocument();
    await user.click(screen.getByRole("option", { name: "New Attempts" }));
    expect(await screen.findByText("TOKEN-4")).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain(
      "/api/payments/failed-orders?status=Processing%20started",
    );
  });
});
