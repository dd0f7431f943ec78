import { route } from "@/lib/api/handler";
import { setMenuItemAvailability } from "@/lib/menu/menu-item-state";
import { menuItemIdOrThrow } from "@/lib/menu/menu-items";
import { availabilitySchema } from "@/lib/validations/menu";

// PATCH /api/menu/{id}/availability — the availability switch of the menu list.
export const PATCH = route(
  { access: { feature: "menu" }, body: availabilitySchema },
  async ({ school, user, params, body }) =>
    setMenuItemAvailability(school, user, menuItemIdOrThrow(params.id), body.isAvailable),
);
