import { route } from "@/lib/api/handler";
import { getCounterSettings, saveCounterSettings } from "@/lib/counter/settings";
import { counterSettingsSchema } from "@/lib/validations/counter";

// GET /api/settings/counter — the school's daily counter limit per child (issue 47), which the
// parent's limit form shows as the default.
export const GET = route({ access: "user" }, async ({ school }) => getCounterSettings(school));

// POST /api/settings/counter — the office sets it (Settings › Payment Settings).
export const POST = route(
  { access: { feature: "settings" }, body: counterSettingsSchema },
  async ({ school, user, body }) => saveCounterSettings(school, user, body),
);
