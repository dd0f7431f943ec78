import { readRawBody, route } from "@/lib/api/handler";
import { receiveWhatsAppWebhook, whatsappChallenge } from "@/lib/messaging/webhooks";

// GET /api/webhooks/whatsapp — Meta's verification: hub.challenge as plain text when
// hub.verify_token is ours, 403 otherwise.
export const GET = route(
  { access: "provider" },
  async ({ req }) =>
    new Response(whatsappChallenge(req.nextUrl.searchParams), {
      headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" },
    }),
);

// POST /api/webhooks/whatsapp — the statuses of sent messages, read only when X-Hub-Signature-256
// is the HMAC of the raw body with WHATSAPP_APP_SECRET (401 otherwise). From Meta, on any host.
export const POST = route({ access: "provider" }, async ({ req }) =>
  receiveWhatsAppWebhook(await readRawBody(req), req.headers.get("x-hub-signature-256")),
);
