import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode } from "react";
import type { VerifyPaymentAnswer } from "@/lib/contracts/payments";
import { mockFetch, order, renderPortal } from "./portal-harness";

// Issue 24 §4: the payment return pages, rendered as `next dev` renders them, in <StrictMode>
// (effects run, are cleaned up and run again): one verification, one toast, and the money said
// plainly (a decline is final, a payment shows its receipt).

const replace = jest.fn();
jest.unstable_mockModule("next/navigation", () => ({
  useRouter: () => ({ refresh: jest.fn(), replace, push: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

const { PaymentSuccess } = await import("@/components/payment/payment-success");
const { PaymentCancelled } = await import("@/components/payment/payment-cancelled");
const { OrderCard } = await import("@/components/portal/order-card");
const { CancelOrderDialog } = await import("@/components/portal/cancel-order-dialog");

const VERIFY = "POST /api/payments/verify/TX-1";
const declined: VerifyPaymentAnswer = {
  success: false,
  message: "Transaction declined",
  Result: "901",
  ResultExplanation: "Transaction declined",
  TransactionStatus: "failed",
};
const paid: VerifyPaymentAnswer = {
  success: true,
  message: "Transaction Paid",
  Result: "000",
  ResultExplanation: "Transaction Paid",
  TransactionStatus: "verified",
  receipt: {
    reference: "CANTEEN-R-42",
    total: "91.00",
    lines: [
      {
        orderId: 1,
        studentName: "Bwalya Mulenga",
        weekNumber: 2,
        dayOfWeek: 1,
        date: "2026-12-07",
        meal: "Nshima with Beef Stew",
        amount: "45.50",
      },
      {
        orderId: 2,
        studentName: "Bwalya Mulenga",
        weekNumber: 2,
        dayOfWeek: 2,
        date: "2026-12-08",
        meal: "Rice and Chicken",
        amount: "45.50",
      },
    ],
  },
};

describe("the card return page in Strict Mode", () => {
  it("says at once that a declined card charged nothing, asks once, and Try again opens the Cart", async () => {
    replace.mockClear();
    const calls = mockFetch({ [VERIFY]: declined });
    renderPortal(
      <StrictMode>
        <PaymentSuccess transactionId="TX-1" />
      </StrictMode>,
    );
    expect(screen.queryByText(/Attempt \d of \d/)).toBeNull();
    expect(
      await screen.findByText("Payment Declined", { selector: "[data-slot=card-title]" }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/you were not charged/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/contact support/)).toBeNull();
    expect(calls.filter((c) => c.path === "/api/payments/verify/TX-1")).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(replace).toHaveBeenCalledWith("/");
    expect(sessionStorage.getItem("open-cart-on-arrival")).toBe("1");
  });

  it("shows the receipt of a payment: each child, day and meal, the total and the reference", async () => {
    const calls = mockFetch({ [VERIFY]: paid });
    renderPortal(
      <StrictMode>
        <PaymentSuccess transactionId="TX-1" />
      </StrictMode>,
    );
    const receipt = await screen.findByRole("region", { name: "Receipt" });
    expect(receipt).toHaveTextContent("Bwalya Mulenga");
    expect(receipt).toHaveTextContent("Monday 07 Dec: Nshima with Beef Stew");
    expect(receipt).toHaveTextContent("Rice and Chicken");
    expect(receipt).toHaveTextContent("Total paid");
    expect(receipt).toHaveTextContent("91.00");
    expect(receipt).toHaveTextContent("CANTEEN-R-42");
    expect(calls.filter((c) => c.path === "/api/payments/verify/TX-1")).toHaveLength(1);
  });
});

describe("the cancel return page in Strict Mode", () => {
  it("toasts and reports once", async () => {
    const calls = mockFetch({ "POST /api/payments/payment-attempts/update": declined });
    renderPortal(
      <StrictMode>
        <PaymentCancelled transactionId="TX-1" />
      </StrictMode>,
    );
    await waitFor(() =>
      expect(document.querySelectorAll("[data-sonner-toast]").length).toBeGreaterThan(0),
    );
    expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(1);
    expect(calls.filter((c) => c.path === "/api/payments/payment-attempts/update")).toHaveLength(1);
  });
});

describe("a cancelled paid order's money", () => {
  const paidOrder = order({ paymentStatus: "confirmed", discountedPrice: "45.50" });

  it("the cancel dialog says the school office refunds it", () => {
    renderPortal(
      <CancelOrderDialog order={paidOrder} onOpenChange={() => {}} onConfirm={() => {}} />,
    );
    expect(
      screen.getByText(/You paid K\s?45\.50 for this meal\. The school office refunds it/),
    ).toBeInTheDocument();
  });

  it("Order History shows Refund pending, then Refunded, and the payment reference", () => {
    const card = (o: typeof paidOrder) =>
      renderPortal(
        <ul>
          <OrderCard
            order={o}
            cycleStart={undefined}
            timeZone="Africa/Lusaka"
            canCancel={false}
            onCancel={() => {}}
          />
        </ul>,
      );
    const first = card({ ...paidOrder, status: "cancelled", paymentReference: "CANTEEN-R-42" });
    expect(screen.getByText("Refund pending")).toBeInTheDocument();
    expect(screen.getByText("CANTEEN-R-42")).toBeInTheDocument();
    first.unmount();
    card({ ...paidOrder, status: "refunded" });
    expect(screen.getByText("Refunded by the school office")).toBeInTheDocument();
    expect(screen.queryByText("Refund pending")).toBeNull();
  });

  it("shows progress while a cancel is on its way", () => {
    renderPortal(
      <ul>
        <OrderCard
          order={paidOrder}
          cycleStart={undefined}
          timeZone="Africa/Lusaka"
          canCancel
          cancelling
          onCancel={() => {}}
        />
      </ul>,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Cancelling your order…");
    expect(screen.queryByRole("button", { name: /Cancel Order/ })).toBeNull();
  });
});
