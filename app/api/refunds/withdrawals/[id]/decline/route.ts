import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { WITHDRAWAL_NOT_FOUND } from "@/lib/contracts/withdrawals";
import { declineSchema } from "@/lib/validations/withdrawals";
import { declineWithdrawal } from "@/lib/wallet/withdrawal-decisions";

// POST /api/refunds/withdrawals/{id}/decline — `{ reason }`: the office does not pay the request;
// the held credit comes back to the wallet, once (409 when it was already decided), audited.
export const POST = route(
  { access: { feature: "refunds" }, body: declineSchema },
  async ({ school, user, params, body }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound(WITHDRAWAL_NOT_FOUND);
    return declineWithdrawal(school, user, id, body);
  },
);
