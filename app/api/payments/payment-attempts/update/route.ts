import { route } from "@/lib/api/handler";
import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { reportAttempt } from "@/lib/payments/attempts";
import { updateAttemptSchema } from "@/lib/validations/payments";

// POST /api/payments/payment-attempts/update — the browser's report (cancelled, failed); checked
// with the provider before anything changes.
export const POST = route(
  { access: PARENT_OR_TEACHER, body: updateAttemptSchema },
  async ({ school, user, body }) => reportAttempt(school, user, body),
);
