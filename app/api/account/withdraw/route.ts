import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { route } from "@/lib/api/handler";
import { withdrawSchema } from "@/lib/validations/withdrawals";
import { requestWithdrawal } from "@/lib/wallet/withdraw";

// POST /api/account/withdraw — `{ amount, mobileNumber }` (issue 47): holds that much of the
// caller's wallet and asks the school to pay it out → 201 `{ withdrawal, balance }`. No fee.
export const POST = route(
  { access: PARENT_OR_TEACHER, body: withdrawSchema, status: 201 },
  async ({ school, user, body }) => requestWithdrawal(school, user, body),
);
