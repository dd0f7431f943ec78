import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { verifyOwnPayment } from "@/lib/payments/attempts";

// POST /api/payments/verify/{token} — asks the provider; a paid cart becomes orders exactly once.
export const POST = route({ access: PARENT_OR_TEACHER }, async ({ school, user, params }) => {
  const token = typeof params.token === "string" ? params.token : "";
  if (!token || token.length > 200) throw notFound("Payment not found");
  return verifyOwnPayment(school, user, token);
});
