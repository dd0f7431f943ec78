import { z } from "zod";
import { ADMIN } from "@/lib/api/access";
import { parseWith, route } from "@/lib/api/handler";
import { collectOrder } from "@/lib/kitchen/collect";
import { assertCardStaff } from "@/lib/students/cards";
import { collectSchema } from "@/lib/validations/cards";

// POST /api/counter/collect — `{ orderId }`: today's pre-ordered meal handed out, once (feature
// counter or kitchen).
export const POST = route({ access: ADMIN, body: z.unknown() }, async ({ school, user, body }) => {
  // Either feature will do, so the check is here; it runs before the body is validated.
  assertCardStaff(user);
  return collectOrder(school, user, parseWith(collectSchema, body).orderId);
});
