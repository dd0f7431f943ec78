import { route } from "@/lib/api/handler";
import { createDiscountCode } from "@/lib/discounts/discount-codes";
import { discountCodeSchema } from "@/lib/validations/discount-codes";

// POST /api/discount-codes — an admin with the settings feature gives a user a code.
export const POST = route(
  { access: { feature: "settings" }, body: discountCodeSchema },
  async ({ user, body }) => createDiscountCode(user, body),
);
