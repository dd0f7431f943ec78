import { route } from "@/lib/api/handler";
import { createDiscountCode, listDiscountCodes } from "@/lib/discounts/discount-codes";
import { discountCodeSchema } from "@/lib/validations/discount-codes";

// GET /api/discount-codes — { data: codes with their user's username }, newest first.
export const GET = route({ access: { feature: "settings" } }, async ({ school }) => ({
  data: await listDiscountCodes(school),
}));

// POST /api/discount-codes — an admin with the settings feature gives a user a code.
export const POST = route(
  { access: { feature: "settings" }, body: discountCodeSchema },
  async ({ school, user, body }) => createDiscountCode(school, user, body),
);
