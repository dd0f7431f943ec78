import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { WITHDRAWAL_NOT_FOUND } from "@/lib/contracts/withdrawals";
import { payoutSchema } from "@/lib/validations/withdrawals";
import { payWithdrawal } from "@/lib/wallet/withdrawal-decisions";

// POST /api/refunds/withdrawals/{id}/pay — `{ method, reference? }`: the office paid the request
// out; once (409 when it was already decided), audited, the family told.
export const POST = route(
  { access: { feature: "refunds" }, body: payoutSchema },
  async ({ school, user, params, body }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound(WITHDRAWAL_NOT_FOUND);
    return payWithdrawal(school, user, id, body);
  },
);
