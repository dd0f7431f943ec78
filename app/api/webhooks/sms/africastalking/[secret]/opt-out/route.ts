import { readRawBody, route } from "@/lib/api/handler";
import { receiveSmsOptOut } from "@/lib/messaging/webhooks";

// POST /api/webhooks/sms/africastalking/{secret}/opt-out — a number replied STOP to a sender ID
// (form fields senderId, phoneNumber): SMS stops for the accounts that proved that number. From
// the provider, on any host, without a session: the secret in the path proves it (404 otherwise).
export const POST = route({ access: "provider" }, async ({ req, params }) =>
  receiveSmsOptOut(String(params.secret ?? ""), await readRawBody(req)),
);
