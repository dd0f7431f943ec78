import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { getOwnReceipt, RECEIPT_NOT_FOUND } from "@/lib/payments/receipt";

// GET /api/account/receipts/{reference} — the caller's own paid payment's receipt (issue 49).
export const GET = route({ access: PARENT_OR_TEACHER }, async ({ school, user, params }) => {
  const reference = typeof params.reference === "string" ? params.reference : "";
  if (!reference || reference.length > 100) throw notFound(RECEIPT_NOT_FOUND);
  return getOwnReceipt(school.id, user.id, reference);
});
