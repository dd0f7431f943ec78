import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { processLiveOrder } from "@/lib/payments/admin/live-actions";

// POST /api/payments/orders/{id}/process — Submit Order: a verified payment's orders ({id} is the
// payment attempt).
export const POST = route(
  { access: { feature: "live_orders" } },
  async ({ school, user, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound("Order not found");
    return processLiveOrder(school, user, id);
  },
);
