import { route } from "@/lib/api/handler";
import { getAllergenSettings, saveAllergenSettings } from "@/lib/settings/allergens";
import { customAllergensSchema } from "@/lib/validations/settings";

// GET /api/settings/allergens — the built-in allergens and the school's own (every signed-in user).
export const GET = route({ access: "user" }, async ({ school }) => getAllergenSettings(school));

// POST /api/settings/allergens — { custom } from Settings › Allergens; answers the saved list.
export const POST = route(
  { access: { feature: "settings" }, body: customAllergensSchema },
  async ({ school, user, body }) => saveAllergenSettings(school, user, body),
);
