// The WhatsApp templates the portal sends (issue 48, decision 0111): a school's WhatsApp Business
// account must have each approved, under this name, in English ("en"), with this body. The body's
// {{n}} are the parameters in the order the templates in this folder give them.

export const WHATSAPP_TEMPLATES = {
  payment_confirmed: {
    params: ["school", "meals", "children", "days", "amount", "paid by"],
    body: "{{1}}: {{2}} for {{3}} booked: {{4}}. Paid {{5}} by {{6}}. Thank you.",
  },
  topup_confirmed: {
    params: ["school", "amount", "paid by", "balance"],
    body: "{{1}}: {{2}} paid by {{3}} is in your canteen wallet. Balance: {{4}}.",
  },
  day_closed: {
    params: ["school", "day", "reason", "children", "credit"],
    body:
      "{{1}}: no school meals on {{2}} ({{3}}). Lunch for {{4}} is cancelled. " +
      "Added to your wallet: {{5}}.",
  },
  order_reminder: {
    params: ["school", "children", "day", "cut-off", "portal"],
    body:
      "{{1}}: no lunch is ordered yet for {{2}} on {{3}}. Orders close at {{4}} that day. " +
      "Order here: {{5}}",
  },
  low_balance: {
    params: ["school", "balance", "alert"],
    body:
      "{{1}}: your canteen wallet has {{2}} left, below your alert of {{3}}. Top up by card " +
      "or mobile money in the portal.",
  },
  counter_purchase: {
    params: ["school", "child", "items", "amount", "balance"],
    body: "{{1}}: {{2}} bought {{3}} at the counter for {{4}}. Your wallet now has {{5}}.",
  },
} as const;

export type WhatsAppTemplateName = keyof typeof WHATSAPP_TEMPLATES;

/** The language every template is registered in. */
export const WHATSAPP_TEMPLATE_LANGUAGE = "en";
