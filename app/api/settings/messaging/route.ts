import { route } from "@/lib/api/handler";
import { getMessagingSettingsAnswer, saveMessagingSettings } from "@/lib/messaging/school-settings";
import { messagingSettingsSchema } from "@/lib/validations/messaging";

// GET /api/settings/messaging — the school's SMS sender ID and whether it offers SMS and WhatsApp,
// with whether the platform configured each (issue 48).
export const GET = route({ access: { feature: "settings" } }, async ({ school }) =>
  getMessagingSettingsAnswer(school),
);

// PUT /api/settings/messaging — the office saves them (Settings › Communication).
export const PUT = route(
  { access: { feature: "settings" }, body: messagingSettingsSchema },
  async ({ school, user, body }) => saveMessagingSettings(school, user, body),
);
