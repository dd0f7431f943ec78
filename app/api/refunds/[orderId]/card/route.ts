import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { startOrderCardRefund } from "@/lib/payments/card-refunds";
import { ORDER_NOT_FOUND } from "@/lib/orders/refunds";
import { cardRefundSchema } from "@/lib/validations/refunds";

// POST /api/refunds/{orderId}/card — `{ amount }`: refunds a cancelled, card-paid order (whole or
// in part) to the card through DPO's refundToken (issue 49); answers the refund as DPO left it.
export const POST = route(
  { access: { feature: "refunds" }, body: cardRefundSchema },
  async ({ school, user, params, body }) => {
    const orderId = parseId(params.orderId);
    if (orderId === null) throw notFound(ORDER_NOT_FOUND);
    return startOrderCardRefund(school, user, orderId, body);
  },
);
