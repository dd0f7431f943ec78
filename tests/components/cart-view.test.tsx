import { beforeEach, describe, expect, it, jest } from "@jest/globals";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { startCardPayment } from "@/components/parent/checkout";
import { CartView } from "@/components/portal/cart-view";
import type { SessionUser } from "@/lib/auth/session";
import type { CartItem } from "@/lib/contracts";
import { formatNgwee } from "@/lib/money";
import {
  TZ,
  zmw,
  baseRoutes,
  cartItem,
  mockFetch,
  parentUser,
  renderPortal,
  storeCart,
  type Routes,
} from "./portal-harness";

const beef = cartItem({
  menuItem: {
    id: 101,
    name: "Nshima with Beef Stew",
    type: "primary",
    price: "50.00",
    discountPrice: "40.00",
  },
  category: "beef",
});
const rice = cartItem({
  menuItemId: 102,
  menuItem: {
    id: 102,
    name: "Rice and Chicken",
    type: "primary",
    price: "30.00",
    discountPrice: null,
  },
  dayOfWeek: 2,
});

/** An amount as the accessible description reads it (with its no-break space). */
const said = formatNgwee;

// The payment bypass notice is said once per session of the tab (issue 44): each test is a new one.
beforeEach(() => window.sessionStorage.clear());

function renderCart(
  routes: Routes,
  { user = parentUser, onOrdered = jest.fn() }: { user?: SessionUser; onOrdered?: () => void } = {},
) {
  const calls = mockFetch(baseRoutes(routes));
  renderPortal(
    <CartView
      user={user}
      timeZone={TZ}
      onCheckout={startCardPayment}
      onOrdered={onOrdered}
      onBrowse={jest.fn()}
    />,
  );
  return calls;
}

describe("the cart", () => {
  it("shows line prices, subtotal, discount and total with the discount code", async () => {
    storeCart([beef, rice]);
    renderCart({
      "GET /api/discounts/my-discount-code": { code: "STAFF10", discountPercentage: 10 },
    });

    // 50.00 on offer at 40.00, minus 10 % = 36.00 (28 % off); 30.00 minus 10 % = 27.00.
    const beefLine = (await screen.findByText("Nshima with Beef Stew")).closest("li")!;
    await waitFor(() => expect(within(beefLine).getByText(zmw(3600))).toBeInTheDocument());
    expect(within(beefLine).getByText("28% off")).toBeInTheDocument();
    expect(within(beefLine).getByText("Protein: Beef")).toBeInTheDocument();
    const riceLine = screen.getByText("Rice and Chicken").closest("li")!;
    expect(within(riceLine).getByText(zmw(2700))).toBeInTheDocument();
    expect(within(riceLine).getByText("10% off")).toBeInTheDocument();

    expect(screen.getByTestId("cart-subtotal")).toHaveTextContent(zmw(8000));
    expect(screen.getByTestId("cart-discount")).toHaveTextContent(zmw(1700));
    expect(screen.getByTestId("cart-total")).toHaveTextContent(zmw(6300));
    expect(screen.getByText(/STAFF10, 10%/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Chipo" })).toBeInTheDocument();
  });

  it("marks unavailable items red, blocks Place Order, and removes them on request", async () => {
    storeCart([beef, rice]);
    const calls = renderCart({
      "POST /api/menu-items/validate": {
        valid: [101],
        unavailable: [102],
        archived: [],
        missing: [],
      },
    });

    const button = await screen.findByRole("button", { name: "Remove Unavailable Items" });
    const riceLine = screen.getByText("Rice and Chicken").closest("li")!;
    expect(riceLine).toHaveAttribute("data-unavailable", "true");
    expect(riceLine.className).toMatch(/border-destructive/);
    expect(within(riceLine).getByText("This meal is no longer available.")).toBeInTheDocument();
    expect(screen.getByText("Nshima with Beef Stew").closest("li")).not.toHaveAttribute(
      "data-unavailable",
    );
    expect(screen.getByRole("button", { name: "Place Order" })).toBeDisabled();
    expect(
      await screen.findByText("Some items in your cart are no longer available", {
        selector: "[data-description]",
      }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/menu-items/validate")?.body).toEqual({
      menuItemIds: [101, 102],
      items: [
        {
          menuItemId: 101,
          studentId: beef.studentId,
          allergyAcknowledged: false,
          weekNumber: 1,
          dayOfWeek: 1,
        },
        {
          menuItemId: 102,
          studentId: rice.studentId,
          allergyAcknowledged: false,
          weekNumber: 1,
          dayOfWeek: 2,
        },
      ],
    });

    await userEvent.click(button);
    expect(screen.queryByText("Rice and Chicken")).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem("cartItems")!)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole("button", { name: "Place Order" })).toBeEnabled());
  });

  // The server's allergy rule as POST /api/menu-items/validate applies it: rice contains egg, which
  // the child is allergic to; only an acknowledged line passes.
  const allergyRule = (body: unknown) => {
    const { menuItemIds, items = [] } = body as {
      menuItemIds: number[];
      items?: { menuItemId: number; studentId: number; allergyAcknowledged?: boolean }[];
    };
    const refused = items.find((l) => l.menuItemId === 102 && l.allergyAcknowledged !== true);
    if (refused) {
      return {
        status: 422,
        body: {
          message: "Rice and Chicken contains egg, which Chipo is allergic to",
          allergyConflict: { menuItemId: 102, studentId: refused.studentId, allergens: ["egg"] },
        },
      };
    }
    return { valid: menuItemIds, unavailable: [], archived: [], missing: [] };
  };

  it("re-checks an acknowledged line with its acknowledgement, so it is no conflict", async () => {
    storeCart([beef, { ...rice, acknowledgedAllergens: ["egg"] }]);
    const calls = renderCart({ "POST /api/menu-items/validate": allergyRule });

    await screen.findByText("Rice and Chicken");
    await waitFor(() => expect(screen.getByRole("button", { name: "Place Order" })).toBeEnabled());
    expect(screen.getByText("Rice and Chicken").closest("li")).not.toHaveAttribute(
      "data-unavailable",
    );
    const check = calls.find((c) => c.path === "/api/menu-items/validate");
    expect(check?.body).toMatchObject({
      items: [
        { menuItemId: 101, allergyAcknowledged: false },
        { menuItemId: 102, allergyAcknowledged: true },
      ],
    });
  });

  it("sends the acknowledgement again on the re-check two minutes later", async () => {
    jest.useFakeTimers({ doNotFake: ["queueMicrotask", "nextTick", "setImmediate"] });
    try {
      storeCart([{ ...rice, acknowledgedAllergens: ["egg"] }]);
      const calls = renderCart({ "POST /api/menu-items/validate": allergyRule });
      const checks = () => calls.filter((c) => c.path === "/api/menu-items/validate");
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1_000);
      });
      expect(checks()).toHaveLength(1);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(120_000);
      });
      expect(checks()).toHaveLength(2);
      expect(checks()[1]?.body).toMatchObject({
        items: [{ menuItemId: 102, allergyAcknowledged: true }],
      });
      expect(screen.getByText("Rice and Chicken").closest("li")).not.toHaveAttribute(
        "data-unavailable",
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it("marks a line the allergy rule refuses (a meal that gained an allergen) and blocks the order", async () => {
    storeCart([beef, rice]);
    renderCart({ "POST /api/menu-items/validate": allergyRule });

    const riceLine = (await screen.findByText("Rice and Chicken")).closest("li")!;
    await waitFor(() => expect(riceLine).toHaveAttribute("data-unavailable", "true"));
    expect(
      within(riceLine).getByText(/now contains an allergen of this child/),
    ).toBeInTheDocument();
    expect(screen.getByText("Nshima with Beef Stew").closest("li")).not.toHaveAttribute(
      "data-unavailable",
    );
    expect(screen.getByRole("button", { name: "Place Order" })).toBeDisabled();
  });

  it("marks each line whose day the school closed with its reason; the rest is then paid (issue 44)", async () => {
    const chisomo = cartItem({ studentId: 12, student: { id: 12, name: "Chisomo", grade: "4" } });
    storeCart([beef, rice, { ...chisomo, dayOfWeek: 2 }, { ...chisomo, weekNumber: 2 }]);
    const closedTuesday = (studentId: number) => ({
      studentId,
      weekNumber: 1,
      dayOfWeek: 2,
      message: "School Closed: Water cut at the school",
    });
    const calls = renderCart({
      // The day was closed after the cart was filled: the Cart's copy of the cycle does not know.
      "POST /api/menu-items/validate": (body: unknown) => ({
        valid: (body as { menuItemIds: number[] }).menuItemIds,
        unavailable: [],
        archived: [],
        missing: [],
        closedLines: [closedTuesday(11), closedTuesday(12)],
      }),
      "GET /api/account/credit": { balance: "500.00", held: "0.00", entries: [] },
      "POST /api/orders": { orders: [] },
    });

    const chipo = within(await screen.findByRole("region", { name: "Meals for Chipo" }));
    const riceLine = chipo.getByText("Rice and Chicken").closest("li")!;
    await waitFor(() => expect(riceLine).toHaveAttribute("data-unavailable", "true"));
    expect(
      within(riceLine).getByText("School Closed: Water cut at the school"),
    ).toBeInTheDocument();
    expect(chipo.getByText("Nshima with Beef Stew").closest("li")).not.toHaveAttribute(
      "data-unavailable",
    );
    const chisomoLines = within(screen.getByRole("region", { name: "Meals for Chisomo" }))
      .getAllByRole("listitem")
      .map((li) => li.getAttribute("data-unavailable"));
    expect(chisomoLines).toEqual(["true", null]);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Days that no longer take orders are marked: remove them to pay for the rest.",
    );
    expect(screen.getByRole("button", { name: "Place Order" })).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: "Remove Unavailable Items" }));
    const left = JSON.parse(window.localStorage.getItem("cartItems")!) as CartItem[];
    expect(left.map((i) => [i.studentId, i.weekNumber, i.dayOfWeek])).toEqual([
      [11, 1, 1],
      [12, 2, 1],
    ]);
    const place = screen.getByRole("button", { name: "Place Order" });
    await waitFor(() => expect(place).toBeEnabled());
    await userEvent.click(place);
    await waitFor(() => expect(calls.some((c) => c.path === "/api/orders")).toBe(true));
    const placed = calls.find((c) => c.path === "/api/orders")?.body as { dayOfWeek: number }[];
    expect(placed.map((l) => l.dayOfWeek)).toEqual([1, 1]);
  });

  it("treats a failed validation call as valid", async () => {
    storeCart([rice]);
    renderCart({ "POST /api/menu-items/validate": { status: 500, body: { message: "boom" } } });
    await screen.findByText("Rice and Chicken");
    await waitFor(() => expect(screen.getByRole("button", { name: "Place Order" })).toBeEnabled());
    expect(screen.queryByRole("button", { name: "Remove Unavailable Items" })).toBeNull();
  });

  it("asks for an e-mail before placing an order", async () => {
    storeCart([rice]);
    const calls = renderCart({}, { user: { ...parentUser, email: null } });
    await userEvent.click(await screen.findByRole("button", { name: "Place Order" }));
    expect(await screen.findByText("Email Required")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Please add an email address to your profile before placing orders. Contact the school office for assistance.",
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/orders")).toBe(false);
  });

  it("places a free cart directly, clears it and goes on to Order History", async () => {
    storeCart([beef, rice]);
    const onOrdered = jest.fn();
    const calls = renderCart(
      {
        "GET /api/discounts/my-discount-code": { code: "FREE", discountPercentage: 100 },
        "POST /api/orders": { body: { orders: [] } },
      },
      { onOrdered },
    );
    await waitFor(() => expect(screen.getByTestId("cart-total")).toHaveTextContent(zmw(0)));
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));

    await waitFor(() => expect(onOrdered).toHaveBeenCalled());
    const post = calls.find((c) => c.method === "POST" && c.path === "/api/orders");
    expect(post?.body).toEqual([
      expect.objectContaining({
        menuItemId: 101,
        dayOfWeek: 1,
        category: "beef",
        discountedPrice: "0.00",
      }),
      expect.objectContaining({ menuItemId: 102, dayOfWeek: 2, customerEmail: "mary@example.com" }),
    ]);
    expect(window.localStorage.getItem("cartItems")).toBeNull();
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
  });

  it("shows the server's message when a free order is refused", async () => {
    storeCart([rice]);
    const onOrdered = jest.fn();
    renderCart(
      {
        "GET /api/discounts/my-discount-code": { code: "FREE", discountPercentage: 100 },
        "POST /api/orders": {
          status: 409,
          body: { message: "Already Ordered: You already have an order for this day" },
        },
      },
      { onOrdered },
    );
    await waitFor(() => expect(screen.getByTestId("cart-total")).toHaveTextContent(zmw(0)));
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    expect(
      await screen.findByText("Already Ordered: You already have an order for this day"),
    ).toBeInTheDocument();
    expect(onOrdered).not.toHaveBeenCalled();
    expect(window.localStorage.getItem("cartItems")).not.toBeNull();
  });

  it("starts a card payment for a cart with something to pay, for the cart's own total", async () => {
    storeCart([rice]);
    const calls = renderCart({
      "POST /api/menu-items/validate": { valid: [102], unavailable: [], archived: [], missing: [] },
      "POST /api/payments/create": {
        status: 422,
        body: { message: "Payment amount does not match cart total" },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Place Order" }));
    expect(await screen.findByText("Payment amount does not match cart total")).toBeInTheDocument();
    const create = calls.find((c) => c.method === "POST" && c.path === "/api/payments/create");
    expect(create?.body).toMatchObject({
      amount: "30.00",
      currency: "ZMW",
      paymentMethod: "CC",
      cartItems: [expect.objectContaining({ menuItemId: 102 })],
    });
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/orders")).toBe(false);
  });

  it("places a cart its account credit covers without a card, showing the credit and nothing to pay", async () => {
    storeCart([rice]);
    const calls = renderCart({
      "POST /api/menu-items/validate": { valid: [102], unavailable: [], archived: [], missing: [] },
      "GET /api/account/credit": { balance: "45.50", held: "0.00", entries: [] },
      "POST /api/orders": { body: { orders: [] } },
    });
    expect(await screen.findByTestId("cart-credit")).toHaveTextContent(`−${zmw(3000)}`);
    expect(screen.getByTestId("cart-due")).toHaveTextContent(zmw(0));
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    expect(await screen.findByText("Order Placed")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/orders")).toBe(true);
    expect(calls.some((c) => c.path === "/api/payments/create")).toBe(false);
  });

  it("asks the card for what is left after the credit (held credit included)", async () => {
    storeCart([rice]);
    const calls = renderCart({
      "POST /api/menu-items/validate": { valid: [102], unavailable: [], archived: [], missing: [] },
      "GET /api/account/credit": { balance: "10.00", held: "5.00", entries: [] },
      "POST /api/payments/create": { status: 422, body: { message: "Stop here" } },
    });
    expect(await screen.findByTestId("cart-due")).toHaveTextContent(zmw(1500));
    await userEvent.click(screen.getByRole("button", { name: "Place Order" }));
    expect(await screen.findByText("Stop here")).toBeInTheDocument();
    const create = calls.find((c) => c.method === "POST" && c.path === "/api/payments/create");
    expect(create?.body).toMatchObject({ amount: "15.00" });
  });

  it("announces the payment bypass when it is enabled", async () => {
    storeCart([rice]);
    renderCart({ "GET /api/settings/payment-bypass": { enabled: true } });
    expect(await screen.findByText("Payment Bypass")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Alternative payment methods are available. Please check your email for instructions.",
      ),
    ).toBeInTheDocument();
  });

  it("offers no alternative payment while the payment bypass is off", async () => {
    storeCart([rice]);
    const calls = renderCart({});
    await screen.findByRole("button", { name: "Place Order" });
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/api/settings/payment-bypass")).toBe(true),
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "Place Order" })).toBeEnabled());
    expect(
      screen.queryByRole("button", { name: "Pay by Mobile Money or Bank Transfer" }),
    ).toBeNull();
  });

  it("places the cart to pay by mobile money or bank transfer when the bypass is on", async () => {
    storeCart([beef, rice]);
    const onOrdered = jest.fn();
    const calls = renderCart(
      {
        "GET /api/settings/payment-bypass": { enabled: true },
        "POST /api/orders?paymentMethod=alternative": { body: { orders: [] } },
      },
      { onOrdered },
    );
    await userEvent.click(
      await screen.findByRole("button", { name: "Pay by Mobile Money or Bank Transfer" }),
    );
    await waitFor(() => expect(onOrdered).toHaveBeenCalled());
    const post = calls.find(
      (c) => c.method === "POST" && c.path === "/api/orders?paymentMethod=alternative",
    );
    expect(post?.body).toEqual([
      expect.objectContaining({ menuItemId: 101, dayOfWeek: 1, discountedPrice: "40.00" }),
      expect.objectContaining({ menuItemId: 102, dayOfWeek: 2, customerEmail: "mary@example.com" }),
    ]);
    // The card payment is not started.
    expect(calls.some((c) => c.path === "/api/payments/create")).toBe(false);
    expect(await screen.findByText("Order Placed")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Your order is awaiting payment. Please check your email for payment instructions.",
      ),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem("cartItems")).toBeNull();
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
  });

  it("keeps the cart and shows the server's message when the alternative order is refused", async () => {
    storeCart([rice]);
    const onOrdered = jest.fn();
    renderCart(
      {
        "GET /api/settings/payment-bypass": { enabled: true },
        "POST /api/orders?paymentMethod=alternative": {
          status: 409,
          body: {
            message:
              "Alternative payment methods are not available at the moment. Please pay by card.",
          },
        },
      },
      { onOrdered },
    );
    await userEvent.click(
      await screen.findByRole("button", { name: "Pay by Mobile Money or Bank Transfer" }),
    );
    expect(
      await screen.findByText(
        "Alternative payment methods are not available at the moment. Please pay by card.",
      ),
    ).toBeInTheDocument();
    expect(onOrdered).not.toHaveBeenCalled();
    expect(window.localStorage.getItem("cartItems")).not.toBeNull();
  });

  it("disables the alternative payment while an item is unavailable", async () => {
    storeCart([beef, rice]);
    renderCart({
      "GET /api/settings/payment-bypass": { enabled: true },
      "POST /api/menu-items/validate": {
        valid: [101],
        unavailable: [102],
        archived: [],
        missing: [],
      },
    });
    await screen.findByRole("button", { name: "Remove Unavailable Items" });
    expect(
      screen.getByRole("button", { name: "Pay by Mobile Money or Bank Transfer" }),
    ).toBeDisabled();
  });

  it("does not offer the alternative payment for a cart that costs nothing", async () => {
    storeCart([rice]);
    renderCart({
      "GET /api/settings/payment-bypass": { enabled: true },
      "GET /api/discounts/my-discount-code": { code: "FREE", discountPercentage: 100 },
    });
    // The bypass setting has arrived (its notice shows) and the total is 0.
    expect(await screen.findByText("Payment Bypass")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("cart-total")).toHaveTextContent(zmw(0)));
    expect(
      screen.queryByRole("button", { name: "Pay by Mobile Money or Bank Transfer" }),
    ).toBeNull();
  });

  it("says what each way to pay does, for what is left after the credit (issue 44)", async () => {
    storeCart([beef, rice]);
    renderCart({
      "GET /api/settings/payment-bypass": { enabled: true },
      "GET /api/account/credit": { balance: "50.00", held: "0.00", entries: [] },
    });
    const alternative = await screen.findByRole("button", {
      name: "Pay by Mobile Money or Bank Transfer",
    });
    // 40.00 + 30.00 less K 50.00 of credit: K 20.00 to pay.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Place Order" })).toHaveAccessibleDescription(
        `Pay by card – ${said(2000)}`,
      ),
    );
    expect(alternative).toHaveAccessibleDescription(
      expect.stringContaining(`Send ${said(2000)} by Airtel Money, MTN Money or bank transfer`),
    );
  });

  it("offers no transfer when the account credit pays the whole cart (issue 44)", async () => {
    storeCart([rice]);
    renderCart({
      "GET /api/settings/payment-bypass": { enabled: true },
      "GET /api/account/credit": { balance: "45.50", held: "0.00", entries: [] },
    });
    expect(await screen.findByText("Payment Bypass")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("cart-due")).toHaveTextContent(zmw(0)));
    expect(screen.getByRole("button", { name: "Place Order" })).toHaveAccessibleDescription(
      "Paid from your account credit",
    );
    expect(
      screen.queryByRole("button", { name: "Pay by Mobile Money or Bank Transfer" }),
    ).toBeNull();
  });

  it("offers one mobile-money choice: by push when it is on, the transfer then by bank", async () => {
    storeCart([rice]);
    renderCart({
      "GET /api/settings/payment-bypass": { enabled: true },
      "GET /api/settings/mobile-money": {
        enabled: true,
        operators: { airtel: true, mtn: true },
        waitSeconds: 90,
      },
    });
    const mobile = await screen.findByRole("button", { name: "Pay with Mobile Money" });
    expect(mobile).toHaveAccessibleDescription(expect.stringContaining(said(3000)));
    expect(
      await screen.findByRole("button", { name: "Pay by bank transfer" }),
    ).toHaveAccessibleDescription(expect.stringContaining(`Transfer ${said(3000)}`));
    expect(
      screen.queryByRole("button", { name: "Pay by Mobile Money or Bank Transfer" }),
    ).toBeNull();
  });

  it("offers no transfer and says no Payment Bypass where the school turned it off (issue 44)", async () => {
    storeCart([rice]);
    const calls = renderCart({
      "GET /api/settings/payment-bypass": { enabled: true },
      "GET /api/settings/bank-transfer": { enabled: false },
      "GET /api/settings/mobile-money": {
        enabled: true,
        operators: { airtel: true, mtn: true },
        waitSeconds: 90,
      },
    });
    // Mobile money by push is still offered, and the card.
    await screen.findByRole("button", { name: "Pay with Mobile Money" });
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/api/settings/bank-transfer")).toBe(true),
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "Place Order" })).toBeEnabled());
    expect(screen.queryByRole("button", { name: "Pay by bank transfer" })).toBeNull();
    expect(
      screen.queryByRole("button", { name: "Pay by Mobile Money or Bank Transfer" }),
    ).toBeNull();
    expect(screen.queryByText("Payment Bypass")).toBeNull();
  });

  it("says Payment Bypass once per session, not each time the Cart opens (issue 44)", async () => {
    storeCart([rice]);
    window.sessionStorage.setItem("paymentBypassNoticeShown", "1");
    renderCart({ "GET /api/settings/payment-bypass": { enabled: true } });
    await screen.findByRole("button", { name: "Pay by Mobile Money or Bank Transfer" });
    expect(screen.queryByText("Payment Bypass")).toBeNull();
  });

  it("starts empty when the stored cart is corrupt", async () => {
    window.localStorage.setItem("cartItems", "{oops");
    renderCart({});
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
  });
});
