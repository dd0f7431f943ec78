import { route } from "@/lib/api/handler";
import { voidCounterSale } from "@/lib/counter/void-sale";

// POST /api/counter/sales/{id}/void — the same school day only: the money back to the wallet, the
// portions back to the day's stock, audited (issue 47).
export const POST = route({ access: { feature: "counter" } }, async ({ school, user, params }) =>
  voidCounterSale(school, user, String(params.id)),
);
