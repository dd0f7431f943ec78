import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { route } from "@/lib/api/handler";
import { topUpSchema } from "@/lib/validations/wallet";
import { createTopUp } from "@/lib/wallet/top-up";

// POST /api/account/top-up — money into the wallet (issue 47): a card payment's token and pay page,
// or a mobile-money push, answered as POST /api/payments/create answers; the return pages, verify
// and the sweep credit it once paid.
export const POST = route(
  { access: PARENT_OR_TEACHER, body: topUpSchema },
  async ({ school, user, body }) => createTopUp(school, user, body),
);
