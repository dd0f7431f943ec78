import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { CARD_REFUND_NOT_FOUND } from "@/lib/contracts/card-refunds";
import { payCardRefundByHand } from "@/lib/payments/card-refund-by-hand";
import { cardRefundByHandSchema } from "@/lib/validations/refunds";

// POST /api/refunds/card-refunds/{id}/by-hand — `{ method, reference?, note?, checkedDpo? }`: a
// card refund DPO will not make is paid back by hand instead (issue 49): the order is refunded
// by that method, or a leaving family's part becomes a paid wallet payout.
export const POST = route(
  { access: { feature: "refunds" }, body: cardRefundByHandSchema },
  async ({ school, user, params, body }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound(CARD_REFUND_NOT_FOUND);
    return payCardRefundByHand(school, user, id, body);
  },
);
