import { route } from "@/lib/api/handler";
import { getCutoffTime, saveCutoffTime } from "@/lib/settings/settings";
import { cutoffTimeSchema } from "@/lib/validations/settings";

// GET /api/settings/cutoff-time — { cutoffHour, cutoffMinute }, 08:00 unless the school set one.
export const GET = route({ access: "user" }, async ({ school }) => getCutoffTime(school));

// POST /api/settings/cutoff-time — { hour, minute } from Order Settings; answers the saved cut-off.
export const POST = route(
  { access: { feature: "settings" }, body: cutoffTimeSchema },
  async ({ school, user, body }) => saveCutoffTime(school, user, body),
);
