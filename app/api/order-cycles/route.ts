import { route } from "@/lib/api/handler";
import { listCycles } from "@/lib/cycles/cycles";
import { createCycle } from "@/lib/cycles/manage-cycles";
import { createCycleSchema } from "@/lib/validations/cycles";

// GET /api/order-cycles — every cycle, the active one first, then newest first.
export const GET = route({ access: "user" }, async ({ school }) => listCycles(school));

// POST /api/order-cycles — a new cycle that replaces the active one (feature cycles).
export const POST = route(
  { access: { feature: "cycles" }, body: createCycleSchema },
  async ({ school, user, body }) => createCycle(school, user, body),
);
