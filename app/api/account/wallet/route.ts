import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { route } from "@/lib/api/handler";
import { walletSchema } from "@/lib/validations/wallet";
import { getWallet, saveWallet } from "@/lib/wallet/account-wallet";

// GET /api/account/wallet — the caller's wallet settings (issue 47): the low-balance threshold.
export const GET = route({ access: PARENT_OR_TEACHER }, async ({ school, user }) =>
  getWallet(school, user),
);

// PUT /api/account/wallet — `{ lowBalanceThreshold }` in kwacha, or null to turn the message off.
export const PUT = route(
  { access: PARENT_OR_TEACHER, body: walletSchema },
  async ({ school, user, body }) => saveWallet(school, user, body),
);
