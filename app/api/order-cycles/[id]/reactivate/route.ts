import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { reactivateCycle } from "@/lib/cycles/manage-cycles";

// POST /api/order-cycles/{cycleId}/reactivate — a past cycle becomes active while none is. The
// folder is [id], not [cycleId]: Next refuses two slug names at one level (next to DELETE's [id]).
export const POST = route({ access: { feature: "cycles" } }, async ({ school, user, params }) => {
  const id = parseId(params.id);
  if (id === null) throw notFound("Order cycle not found");
  return reactivateCycle(school, user, id);
});
