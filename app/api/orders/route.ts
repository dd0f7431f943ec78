import { z } from "zod";
import { route } from "@/lib/api/handler";
import { PARENT_OR_TEACHER } from "@/lib/auth/guards";
import { listOrdersForUser } from "@/lib/orders/my-orders";
import { placeFreeOrders } from "@/lib/orders/place-orders";
import { orderRequestSchema } from "@/lib/validations/orders";

const listQuery = z.object({
  includeAll: z.string().optional(),
  unpaginated: z.string().optional(),
});

// GET /api/orders?includeAll=true — the caller's orders, newest first ({ data } when unpaginated).
export const GET = route(
  { access: PARENT_OR_TEACHER, query: listQuery },
  async ({ user, query }) => {
    const orders = await listOrdersForUser(user);
    return query.unpaginated === "true" ? { data: orders } : orders;
  },
);

// POST /api/orders — a cart (JSON array) that costs nothing; anything to pay goes by card.
export const POST = route(
  { access: PARENT_OR_TEACHER, body: orderRequestSchema },
  async ({ user, body }) => placeFreeOrders(user, body),
);
