import { z } from "zod";
import { forbidden } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { hasFeature } from "@/lib/contracts/permissions";
import { listAllOrders } from "@/lib/orders/admin-orders";
import { listOrdersForUser } from "@/lib/orders/my-orders";
import { placeAlternativePaymentOrders, placeFreeOrders } from "@/lib/orders/place-orders";
import { orderRequestSchema } from "@/lib/validations/orders";
import { orderPaymentQuerySchema } from "@/lib/validations/payments-admin";

const listQuery = z.object({
  includeAll: z.string().optional(),
  unpaginated: z.string().optional(),
});

// GET /api/orders?includeAll=true — the caller's orders, newest first ({ data } when unpaginated).
// An admin with the history or kitchen feature gets every order, and only as { data }.
export const GET = route({ access: "user", query: listQuery }, async ({ school, user, query }) => {
  if (user.role === "admin") {
    const allowed = hasFeature(user, "history") || hasFeature(user, "kitchen");
    if (!allowed || query.unpaginated !== "true") throw forbidden();
    return { data: await listAllOrders(school) };
  }
  const orders = await listOrdersForUser(school, user);
  return query.unpaginated === "true" ? { data: orders } : orders;
});

// POST /api/orders — a cart (JSON array) that costs nothing; anything to pay goes by card.
// ?paymentMethod=alternative: a cart to pay by mobile money or bank transfer (payment bypass).
export const POST = route(
  { access: PARENT_OR_TEACHER, body: orderRequestSchema, query: orderPaymentQuerySchema },
  async ({ school, user, body, query }) =>
    query.paymentMethod === "alternative"
      ? placeAlternativePaymentOrders(school, user, body)
      : placeFreeOrders(school, user, body),
);
