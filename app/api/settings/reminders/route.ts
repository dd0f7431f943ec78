import { route } from "@/lib/api/handler";
import { getReminderSettings, saveReminderSettings } from "@/lib/settings/settings";
import { reminderSettingsSchema } from "@/lib/validations/settings";

// GET /api/settings/reminders — { enabled, hour, minute }: off at 17:00 unless the school set one.
export const GET = route({ access: { feature: "settings" } }, async ({ school }) =>
  getReminderSettings(school),
);

// POST /api/settings/reminders — { enabled, hour, minute }; answers the saved settings.
export const POST = route(
  { access: { feature: "settings" }, body: reminderSettingsSchema },
  async ({ school, user, body }) => saveReminderSettings(school, user, body),
);
