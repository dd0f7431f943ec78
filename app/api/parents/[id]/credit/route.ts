import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { adjustCredit, getAccountCredit, PARENT_NOT_FOUND } from "@/lib/credit/account-credit";
import { creditAdjustmentSchema } from "@/lib/validations/credit";

// GET /api/parents/{id}/credit — a parent's (or teacher's) credit balance and movements.
export const GET = route(
  { access: { feature: "parents_students" } },
  async ({ school, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound(PARENT_NOT_FOUND);
    return getAccountCredit(school, id);
  },
);

// POST /api/parents/{id}/credit — adds or (negative) removes credit with a reason; audited.
export const POST = route(
  { access: { feature: "parents_students" }, body: creditAdjustmentSchema },
  async ({ school, user, params, body }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound(PARENT_NOT_FOUND);
    return adjustCredit(school, user, id, body);
  },
);
