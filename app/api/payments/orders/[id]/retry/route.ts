import { notFound } from "@/lib/api/errors";
import { parseWith, route } from "@/lib/api/handler";
import { ADMIN, assertAccess } from "@/lib/api/access";
import { retryLiveOrder } from "@/lib/payments/admin/live-actions";
import { recoverOrders } from "@/lib/payments/admin/recover-orders";
import { parseId } from "@/lib/api/params";
import { recoveryRetrySchema, retryEnvelopeSchema } from "@/lib/validations/live-orders";

// POST /api/payments/orders/{id}/retry — {id} is the payment attempt. Without cart items it is the
// Live Orders retry (live_orders); with them, Order Recovery's retry (order_recovery).
export const POST = route(
  { access: ADMIN, body: retryEnvelopeSchema },
  async ({ school, user, params, body }) => {
    const recovery = body.cartItems !== undefined;
    assertAccess({ feature: recovery ? "order_recovery" : "live_orders" }, user);
    const id = parseId(params.id);
    if (id === null) throw notFound("Order not found");
    if (!recovery) return retryLiveOrder(school, user, id);
    const input = parseWith(recoveryRetrySchema, body);
    return recoverOrders(school, user, id, input.cartItems);
  },
);
