import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { isSandboxFor } from "@/lib/payments/provider-config";
import { decideSandboxPayment } from "@/lib/payments/sandbox";
import { sandboxDecisionSchema } from "@/lib/validations/payments";

// POST /api/payments/sandbox/decide — the sandbox pay page's Pay / Decline / Cancel, by the parent
// or teacher who started that payment (another one gets 404, as for an unknown token): records the
// choice and answers where DPO would send the browser ({ redirectTo }).
export const POST = route(
  { access: PARENT_OR_TEACHER, body: sandboxDecisionSchema },
  async ({ school, user, body }) => {
    if (!(await isSandboxFor(school))) throw notFound();
    return { redirectTo: await decideSandboxPayment(school, user, body.token, body.action) };
  },
);
