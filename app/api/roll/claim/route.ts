import { route } from "@/lib/api/handler";
import { acceptRollClaim, getRollClaim } from "@/lib/roll/claim";
import { rollClaimSchema } from "@/lib/validations/roll";

// GET /api/roll/claim?token=… — what a roll invitation offers; for anyone holding the link.
export const GET = route({ access: "public", query: rollClaimSchema }, async ({ school, query }) =>
  getRollClaim(school, query),
);

// POST /api/roll/claim { token } — the signed-in parent accepts the child (issue 49); other
// roles are refused by the domain with the claim page's message.
export const POST = route(
  { access: "user", body: rollClaimSchema },
  async ({ school, user, body }) => acceptRollClaim(school, user, body),
);
