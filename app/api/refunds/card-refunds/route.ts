import { route } from "@/lib/api/handler";
import { listCardRefunds } from "@/lib/payments/card-refunds";

// GET /api/refunds/card-refunds — refunds through DPO (issue 49): pending ones first, with DPO's
// reason, then the latest refunded.
export const GET = route({ access: { feature: "refunds" } }, async ({ school }) =>
  listCardRefunds(school),
);
