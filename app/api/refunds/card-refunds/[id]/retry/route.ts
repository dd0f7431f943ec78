import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { CARD_REFUND_NOT_FOUND } from "@/lib/contracts/card-refunds";
import { retryCardRefund } from "@/lib/payments/card-refunds";

// POST /api/refunds/card-refunds/{id}/retry — sends a pending refund to DPO again (issue 49): 409
// while a call for it is out or once it is refunded.
export const POST = route({ access: { feature: "refunds" } }, async ({ school, user, params }) => {
  const id = parseId(params.id);
  if (id === null) throw notFound(CARD_REFUND_NOT_FOUND);
  return retryCardRefund(school, user, id);
});
