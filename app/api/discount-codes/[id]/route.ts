import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { CODE_NOT_FOUND, updateDiscountCode } from "@/lib/discounts/discount-codes";
import { discountCodeUpdateSchema } from "@/lib/validations/settings";

// PUT /api/discount-codes/{id} — { isActive }: the table's active switch; answers the updated code.
export const PUT = route(
  { access: { feature: "settings" }, body: discountCodeUpdateSchema },
  async ({ school, user, params, body }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound(CODE_NOT_FOUND);
    return updateDiscountCode(school, user, id, body);
  },
);
