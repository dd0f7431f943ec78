import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { isSandboxEnabled } from "@/lib/payments/provider-config";
import { decideSandboxPayment } from "@/lib/payments/sandbox";
import { sandboxDecisionSchema } from "@/lib/validations/payments";

// POST /api/payments/sandbox/decide — the sandbox pay page's Pay / Decline / Cancel: records the
// choice and answers where DPO would send the browser ({ redirectTo }).
export const POST = route({ access: "public", body: sandboxDecisionSchema }, async ({ body }) => {
  if (!isSandboxEnabled()) throw notFound();
  return { redirectTo: await decideSandboxPayment(body.token, body.action) };
});
