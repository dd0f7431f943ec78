import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { route } from "@/lib/api/handler";
import { listOwnWithdrawals } from "@/lib/wallet/withdraw";

// GET /api/account/withdrawals — the caller's withdrawal requests and their state, newest first.
export const GET = route({ access: PARENT_OR_TEACHER }, async ({ school, user }) =>
  listOwnWithdrawals(school, user),
);
