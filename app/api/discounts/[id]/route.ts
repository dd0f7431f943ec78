import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { CODE_NOT_FOUND, deleteDiscountCode } from "@/lib/discounts/discount-codes";

// DELETE /api/discounts/{id} — deletes a discount code; failures carry the text in `error`.
export const DELETE = route(
  { access: { feature: "settings" } },
  async ({ school, user, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound(CODE_NOT_FOUND);
    return deleteDiscountCode(school, user, id);
  },
);
