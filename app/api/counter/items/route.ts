import { route } from "@/lib/api/handler";
import { listCounterItems } from "@/lib/counter/counter-items";

// GET /api/counter/items — the counter's items on sale today, with what is left of a daily cap
// (issue 47, decision 0107).
export const GET = route({ access: { feature: "counter" } }, async ({ school }) =>
  listCounterItems(school),
);
