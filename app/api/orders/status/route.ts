import { z } from "zod";
import { forbidden } from "@/lib/api/errors";
import { parseWith, route } from "@/lib/api/handler";
import { ADMIN } from "@/lib/api/access";
import { hasFeature } from "@/lib/contracts/permissions";
import { updateOrderStatuses } from "@/lib/orders/admin-orders";
import { orderStatusUpdateSchema } from "@/lib/validations/admin-orders";

// POST /api/orders/status — bulk status change from Cycle History (history) or the kitchen.
export const POST = route({ access: ADMIN, body: z.unknown() }, async ({ school, user, body }) => {
  // Either feature will do, so the check is here; it runs before the body is validated.
  if (!hasFeature(user, "history") && !hasFeature(user, "kitchen")) throw forbidden();
  return updateOrderStatuses(school, user, parseWith(orderStatusUpdateSchema, body));
});
