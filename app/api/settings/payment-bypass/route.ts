import { route } from "@/lib/api/handler";
import { getPaymentBypassSettings } from "@/lib/settings/settings";

// GET /api/settings/payment-bypass — whether alternative payment methods are on, and their details.
export const GET = route({ access: "user" }, async () => getPaymentBypassSettings());
