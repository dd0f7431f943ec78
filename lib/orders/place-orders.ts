import "server-only";
import { ApiError, conflict } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import type { SessionUser } from "@/lib/auth/session";
import type { OrderDto } from "@/lib/contracts";
import { getDb } from "@/lib/db";
import { kickOutbox } from "@/lib/mail/outbox";
import { ALREADY_ORDERED, assertNotOrdered, checkCart } from "@/lib/orders/check-cart";
import { enqueueOrderConfirmation } from "@/lib/orders/confirmation-email";
import { orderSelect, toOrderDto } from "@/lib/orders/order-dto";
import type { OrderItemInput } from "@/lib/validations/orders";

export const PAYMENT_REQUIRED = "Payment required";

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
  const db = await getDb();
  try {
    const orders = await db.$transaction(async (tx) => {
      await assertNotOrdered(tx, cart.lines);
      const created = [];
      for (const line of cart.lines) {
        created.push(
          await tx.order.create({
            data: {
              userId: actor.id,
              studentId: line.studentId,
              menuItemId: line.menuItemId,
              cycleId: line.cycleId,
              weekNumber: line.weekNumber,
              dayOfWeek: line.dayOfWeek,
              category: line.category,
              sideDish: line.sideDish,
              comments: line.comments,
              originalPrice: line.originalPrice,
              discountedPrice: line.discountedPrice,
              discountPercentage: line.discountPercentage,
              status: "pending",
              paymentStatus: "confirmed",
              paymentProcessor: "DISCOUNT",
            },
            select: orderSelect,
          }),
        );
      }
      await enqueueOrderConfirmation(tx, actor, cart.lines, cart.total);
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
