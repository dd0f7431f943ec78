import { route } from "@/lib/api/handler";
import { ADMIN } from "@/lib/api/access";
import { getCycleLengthSetting } from "@/lib/cycles/cycle-length";

// GET /api/settings/cycle-length — { cycleLength }, 4 when the setting is absent.
export const GET = route({ access: ADMIN }, async ({ school }) => getCycleLengthSetting(school));
