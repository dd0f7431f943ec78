import { route } from "@/lib/api/handler";
import { withdrawalsQuerySchema } from "@/lib/validations/withdrawals";
import { listWithdrawals } from "@/lib/wallet/withdrawal-decisions";

// GET /api/refunds/withdrawals?status=pending|paid|declined|all&page= — the families' withdrawal
// requests (issue 47), those still to decide first, 20 a page, with the name and number to pay.
export const GET = route(
  { access: { feature: "refunds" }, query: withdrawalsQuerySchema },
  async ({ school, query }) => listWithdrawals(school, query),
);
