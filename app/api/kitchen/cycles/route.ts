import { route } from "@/lib/api/handler";
import { listKitchenCycleChoices } from "@/lib/kitchen/kitchen";

// GET /api/kitchen/cycles — the cycles the Fat Chef View may show (active, or with meals still to
// serve), soonest first; the first is the one it shows when none is chosen (issue 44 §7).
export const GET = route({ access: { feature: "kitchen" } }, async ({ school, user }) =>
  listKitchenCycleChoices(school, user),
);
