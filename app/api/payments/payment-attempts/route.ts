import { route } from "@/lib/api/handler";
import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { getOwnAttempt } from "@/lib/payments/attempts";
import { recordAttemptSchema } from "@/lib/validations/payments";

// POST /api/payments/payment-attempts — step 3: the attempt the server recorded at create time.
export const POST = route(
  { access: PARENT_OR_TEACHER, body: recordAttemptSchema },
  async ({ school, user, body }) => getOwnAttempt(school, user, body.transactionId),
);
