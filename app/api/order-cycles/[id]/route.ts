import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { deactivateCycle } from "@/lib/cycles/manage-cycles";
import { forceQuerySchema } from "@/lib/validations/people";

// DELETE /api/order-cycles/{id}(?force=true) — deactivates the cycle (its orders and history stay);
// 409 { canForce, orderCount } while it has meals to serve, until confirmed with force.
export const DELETE = route(
  { access: { feature: "cycles" }, query: forceQuerySchema },
  async ({ school, user, params, query }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound("Order cycle not found");
    return deactivateCycle(school, user, id, query.force);
  },
);
