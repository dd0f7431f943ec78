import "server-only";
import { ApiError, conflict } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import type { SessionUser } from "@/lib/auth/session";
import type { OrderDto } from "@/lib/contracts";
import { getDb, type Tx } from "@/lib/db";
import { kickOutbox } from "@/lib/mail/outbox";
import { enqueueBypassInstructions } from "@/lib/orders/bypass-email";
import {
  ALREADY_ORDERED,
  assertNotOrdered,
  checkCart,
  type PricedCart,
} from "@/lib/orders/check-cart";
import { enqueueOrderConfirmation } from "@/lib/orders/confirmation-email";
import { orderSelect, toOrderDto } from "@/lib/orders/order-dto";
import { getPaymentBypassSettings } from "@/lib/settings/settings";
import type { OrderItemInput } from "@/lib/validations/orders";
import { orderRow } from "@/lib/orders/order-rows";

export const PAYMENT_REQUIRED = "Payment required";
export const BYPASS_DISABLED =
  "Alternative payment methods are not available at the moment. Please pay by card.";
/** The payment processor of orders to be paid by mobile money or bank transfer. */
export const BYPASS_PROCESSOR = "BYPASS";

type Payment = {
  paymentStatus: "confirmed" | "pending";
  paymentProcessor: "DISCOUNT" | typeof BYPASS_PROCESSOR;
};

/**
 * Places a cart that costs nothing (a 100% discount code) without payment: every order of the cart
 * or none, in one transaction. A cart with anything to pay is refused; it goes through the card
 * payment instead.
 */
export async function placeFreeOrders(
  actor: SessionUser,
  items: OrderItemInput[],
): Promise<{ orders: OrderDto[] }> {
  const cart = await checkCart(actor, items);
  if (cart.totalNgwee > 0) {
    throw new ApiError(402, PAYMENT_REQUIRED, { total: cart.total });
  }
  return insertFreeCart(actor, cart);
}

/**
 * Places a cart to be paid by Airtel Money, MTN Money or bank transfer (the payment bypass
 * setting): the same checks and the same one transaction as a free cart, the orders pending
 * payment (processor BYPASS) until an admin verifies them in Pending Payments, and the payment
 * instructions e-mailed to the orderer. A cart that costs nothing is simply a free order.
 */
export async function placeAlternativePaymentOrders(
  actor: SessionUser,
  items: OrderItemInput[],
): Promise<{ orders: OrderDto[] }> {
  const settings = await getPaymentBypassSettings();
  if (!settings.enabled) throw conflict(BYPASS_DISABLED);
  const cart = await checkCart(actor, items);
  if (cart.totalNgwee === 0) return insertFreeCart(actor, cart);
  return insertCart(
    actor,
    cart,
    { paymentStatus: "pending", paymentProcessor: BYPASS_PROCESSOR },
    (tx) => enqueueBypassInstructions(tx, actor, cart.lines, cart.total, settings),
  );
}

function insertFreeCart(actor: SessionUser, cart: PricedCart) {
  return insertCart(
    actor,
    cart,
    { paymentStatus: "confirmed", paymentProcessor: "DISCOUNT" },
    (tx) => enqueueOrderConfirmation(tx, actor, cart.lines, cart.total),
  );
}

/** Every line of a checked cart as one order, and the e-mail, in one transaction. */
async function insertCart(
  actor: SessionUser,
  cart: PricedCart,
  payment: Payment,
  enqueueMail: (tx: Tx) => Promise<void>,
): Promise<{ orders: OrderDto[] }> {
  const db = await getDb();
  try {
    const orders = await db.$transaction(async (tx) => {
      await assertNotOrdered(tx, cart.lines);
      // One INSERT for the whole cart (and one query per relation of the answer), not one per line.
      const created = await tx.order.createManyAndReturn({
        data: cart.lines.map((line) => orderRow(actor.id, line, payment)),
        select: orderSelect,
      });
      await enqueueMail(tx);
      return created;
    });
    kickOutbox();
    return { orders: orders.map(toOrderDto) };
  } catch (error) {
    // Two requests for the same child and day at once: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw conflict(ALREADY_ORDERED);
    throw error;
  }
}
