import { route } from "@/lib/api/handler";
import { getPaymentBypassSettings, savePaymentBypassSettings } from "@/lib/settings/settings";
import { paymentBypassSchema } from "@/lib/validations/settings";

// GET /api/settings/payment-bypass — whether alternative payment methods are on, and their details.
export const GET = route({ access: "user" }, async ({ school }) =>
  getPaymentBypassSettings(school),
);

// POST /api/settings/payment-bypass — the Payment Settings tab saves the whole settings object.
export const POST = route(
  { access: { feature: "settings" }, body: paymentBypassSchema },
  async ({ school, user, body }) => savePaymentBypassSettings(school, user, body),
);
