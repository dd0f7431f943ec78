import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { startCardPayment } from "@/components/parent/checkout";
import { CartView } from "@/components/portal/cart-view";
import { CONFIRM_LATER } from "@/lib/client/mobile-payment";
import {
  TZ,
  baseRoutes,
  cartItem,
  mockFetch,
  parentUser,
  renderPortal,
  storeCart,
  type Routes,
} from "./portal-harness";

// The Cart's Pay with Mobile Money (issue 16): the number from the profile and its operator, the
// push, the waiting screen's text and polls, and the three outcomes; every money decision is the
// server's (fetch is answered here as the server would).

jest.setTimeout(30_000);

const meal = cartItem(); // K50.00
const settings = (waitSeconds = 180, operators = { airtel: true, mtn: true }) => ({
  "GET /api/settings/mobile-money": { enabled: true, operators, waitSeconds },
});
const pushed = {
  "POST /api/payments/create": {
    TransToken: "MTOKEN-1",
    Result: "000",
    companyRef: "CANTEEN-1",
    instructions: "Enter your PIN to approve.",
  },
};
const verifyPath = "POST /api/payments/verify/MTOKEN-1";
const verifyAnswer = (success: boolean, TransactionStatus: string, message = "") => ({
  success,
  TransactionStatus,
  message,
  Result: success ? "000" : "900",
  ResultExplanation: message,
});

function renderCart(routes: Routes, phone: string | null = "+260 97 712 3456") {
  storeCart([meal]);
  const onOrdered = jest.fn();
  const calls = mockFetch(baseRoutes(routes));
  renderPortal(
    <CartView
      user={{ ...parentUser, phone }}
      timeZone={TZ}
      onCheckout={startCardPayment}
      onOrdered={onOrdered}
      onBrowse={jest.fn()}
    />,
  );
  return { calls, onOrdered };
}

async function openDialog() {
  await userEvent.click(await screen.findByRole("button", { name: "Pay with Mobile Money" }));
  return screen.findByRole("dialog", { name: "Pay with Mobile Money" });
}

describe("Pay with Mobile Money", () => {
  it("is not offered while the setting is off", async () => {
    renderCart({});
    await screen.findByRole("button", { name: "Place Order" });
    expect(screen.queryByRole("button", { name: "Pay with Mobile Money" })).toBeNull();
  });

  it("offers the profile's number with its operator, pushes, waits, and on approval places the order", async () => {
    let polls = 0;
    const { calls, onOrdered } = renderCart({
      ...settings(),
      ...pushed,
      [verifyPath]: () => verifyAnswer(++polls > 1, polls > 1 ? "verified" : "pending"),
    });
    const dialog = await openDialog();
    const field = within(dialog).getByLabelText("Mobile money number");
    expect(field).toHaveValue("+260 97 712 3456");
    expect(within(dialog).getByTestId("detected-operator")).toHaveTextContent("Airtel Money");
    await userEvent.clear(field);
    await userEvent.type(field, "0961234567");
    expect(within(dialog).getByTestId("detected-operator")).toHaveTextContent("MTN MoMo");

    await userEvent.click(within(dialog).getByRole("button", { name: "Send payment request" }));
    expect(
      await screen.findByText("Approve the payment of K 50.00 on your phone (096****567)"),
    ).toBeInTheDocument();
    expect(screen.getByText("Enter your PIN to approve.")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/payments/create")?.body).toMatchObject({
      amount: "50.00",
      paymentMethod: "MOBILE",
      mobileNumber: "0961234567",
      mobileOperator: "mtn",
      cartItems: [expect.objectContaining({ menuItemId: meal.menuItemId })],
    });

    expect(await screen.findByText("Payment Successful", {}, { timeout: 10_000 })).toBeVisible();
    expect(polls).toBe(2);
    await waitFor(() => expect(onOrdered).toHaveBeenCalled());
    expect(JSON.parse(window.localStorage.getItem("cartItems") ?? "[]")).toEqual([]);
  });

  it("refuses a number it cannot pay from before asking the server, and shows the server's refusal under the field", async () => {
    const { calls } = renderCart(
      {
        ...settings(180, { airtel: true, mtn: false }),
        "POST /api/payments/create": {
          status: 502,
          body: { message: "Invalid MSISDN", pushStatus: "refused", TransToken: "MTOKEN-1" },
        },
      },
      null,
    );
    const dialog = await openDialog();
    const field = within(dialog).getByLabelText("Mobile money number");
    const send = within(dialog).getByRole("button", { name: "Send payment request" });
    await userEvent.type(field, "0211 123 456");
    await userEvent.click(send);
    expect(await within(dialog).findByText(/not a Zambian mobile number/)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, "0961234567");
    await userEvent.click(send);
    expect(await within(dialog).findByText(/MTN MoMo is not accepted/)).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/payments/create")).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, "0977 000 001");
    await userEvent.click(send);
    expect(await within(dialog).findByText("Invalid MSISDN")).toBeInTheDocument();
  });

  it("shows a decline's reason with Try again", async () => {
    renderCart({
      ...settings(),
      ...pushed,
      [verifyPath]: verifyAnswer(false, "failed", "Declined by the subscriber"),
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole("button", { name: "Send payment request" }));
    expect(
      await screen.findByText("Declined by the subscriber", {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText("Mobile money number")).toHaveValue("+260 97 712 3456");
  });

  it("hands over to the sweep when the wait is over, and Cancel cancels on the server", async () => {
    const { calls } = renderCart({
      ...settings(1),
      ...pushed,
      [verifyPath]: verifyAnswer(false, "pending"),
      "POST /api/payments/payment-attempts/update": {
        ...verifyAnswer(false, "cancelled", "Payment cancelled"),
      },
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole("button", { name: "Send payment request" }));
    // Closing is refused while the phone may still approve: only Cancel ends the wait.
    await screen.findByTestId("mobile-waiting");
    await userEvent.keyboard("{Escape}");
    expect(screen.getByTestId("mobile-waiting")).toBeInTheDocument();
    expect(await screen.findByText(CONFIRM_LATER, {}, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Close" }));

    const again = await openDialog();
    await userEvent.click(within(again).getByRole("button", { name: "Send payment request" }));
    await userEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Payment Cancelled")).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/payments/payment-attempts/update")?.body).toEqual({
      transactionId: "MTOKEN-1",
      transactionStatus: "cancelled",
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
