import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { route } from "@/lib/api/handler";
import { getOwnCredit } from "@/lib/credit/account-credit";

// GET /api/account/credit — the caller's credit balance and its movements, newest first.
export const GET = route({ access: PARENT_OR_TEACHER }, async ({ school, user }) =>
  getOwnCredit(school, user),
);
