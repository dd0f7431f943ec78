import { route } from "@/lib/api/handler";
import { leavingSchema } from "@/lib/validations/refunds";
import { listLeavingFamilies, refundLeavingFamily } from "@/lib/wallet/leaving";

// GET /api/refunds/leaving — families with credit and how it would go back (issue 49).
export const GET = route({ access: { feature: "refunds" } }, async ({ school }) =>
  listLeavingFamilies(school),
);

// POST /api/refunds/leaving — `{ familyId, method?, reference?, note? }`: a family leaving the
// school gets its whole credit back, to its cards through DPO and the rest by hand.
export const POST = route(
  { access: { feature: "refunds" }, body: leavingSchema },
  async ({ school, user, body }) => refundLeavingFamily(school, user, body),
);
