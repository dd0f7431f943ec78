import { readRawBody, route } from "@/lib/api/handler";
import { receiveSmsReport } from "@/lib/messaging/webhooks";

// POST /api/webhooks/sms/africastalking/{secret} — Africa's Talking's delivery report of one SMS
// (form fields id, status, phoneNumber, networkCode, failureReason, retryCount). From the
// provider, on any host, without a session: the secret in the path proves it (404 otherwise).
// Unknown message ids are ignored.
export const POST = route({ access: "provider" }, async ({ req, params }) =>
  receiveSmsReport(String(params.secret ?? ""), await readRawBody(req)),
);
