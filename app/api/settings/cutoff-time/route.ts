import { route } from "@/lib/api/handler";
import { getCutoffTime } from "@/lib/settings/settings";

// GET /api/settings/cutoff-time — { cutoffHour, cutoffMinute }, 08:00 unless the school set one.
export const GET = route({ access: "user" }, async () => getCutoffTime());
