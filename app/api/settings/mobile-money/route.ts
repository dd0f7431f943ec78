import { route } from "@/lib/api/handler";
import { getMobileMoneySettings, saveMobileMoneySettings } from "@/lib/settings/settings";
import { mobileMoneySettingsSchema } from "@/lib/validations/settings";

// GET /api/settings/mobile-money — whether the Cart offers mobile money, and for which operators.
export const GET = route({ access: "user" }, async ({ school }) => getMobileMoneySettings(school));

// POST /api/settings/mobile-money — the Settings payments tab turns it on or off, per operator.
export const POST = route(
  { access: { feature: "settings" }, body: mobileMoneySettingsSchema },
  async ({ school, user, body }) => saveMobileMoneySettings(school, user, body),
);
