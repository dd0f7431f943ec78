import { route } from "@/lib/api/handler";
import { walletSettingsSchema } from "@/lib/validations/wallet";
import { getWalletSettings, saveWalletSettings } from "@/lib/wallet/settings";

// GET /api/settings/wallet — the school's limits per top-up (issue 47), which the parent's Top up
// form shows.
export const GET = route({ access: "user" }, async ({ school }) => getWalletSettings(school));

// POST /api/settings/wallet — the office sets them (Settings › Payment Settings).
export const POST = route(
  { access: { feature: "settings" }, body: walletSettingsSchema },
  async ({ school, user, body }) => saveWalletSettings(school, user, body),
);
