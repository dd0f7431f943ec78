import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { deactivateCycle } from "@/lib/cycles/manage-cycles";

// DELETE /api/order-cycles/{id} — deactivates the cycle (its orders and history stay).
export const DELETE = route({ access: { feature: "cycles" } }, async ({ user, params }) => {
  const id = parseId(params.id);
  if (id === null) throw notFound("Order cycle not found");
  return deactivateCycle(user, id);
});
