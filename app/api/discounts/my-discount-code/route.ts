import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { findActiveDiscountCode } from "@/lib/discounts/discounts";

// GET /api/discounts/my-discount-code — the caller's active code; 404 when there is none.
export const GET = route({ access: "user" }, async ({ school, user }) => {
  const code = await findActiveDiscountCode(school, user.id);
  if (!code) throw notFound("You have no active discount code");
  return code;
});
