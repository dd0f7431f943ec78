import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { badRequest, forbidden, notFound, unauthorized } from "@/lib/api/errors";
import { parseWith } from "@/lib/api/handler";
import { env } from "@/lib/env";
import { applySmsReport, applyWhatsAppStatuses } from "@/lib/messaging/delivery-reports";
import { applySmsOptOut } from "@/lib/messaging/opt-out";
import {
  smsOptOutSchema,
  smsReportSchema,
  whatsappWebhookSchema,
} from "@/lib/validations/messaging-webhooks";

// The providers' callbacks (issue 48, decision 0109), each proven before anything is read:
// Africa's Talking's by the unguessable secret in the callback's path (its callbacks are not
// signed), compared in constant time; WhatsApp's by the HMAC-SHA256 of the raw body with the app's
// secret. A wrong or unset secret is a path that does not exist (404); a bad signature a 401.

const NOT_FOUND = "API endpoint not found";

/** Equal in constant time, whatever the lengths (both are hashed first). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

function assertSmsCallbackSecret(secret: string): void {
  const expected = env().AT_CALLBACK_SECRET;
  if (!expected || !sameSecret(secret, expected)) throw notFound(NOT_FOUND);
}

function formOf(body: Uint8Array): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(new TextDecoder().decode(body)));
}

/** POST /api/webhooks/sms/africastalking/{secret}. */
export async function receiveSmsReport(secret: string, body: Uint8Array): Promise<void> {
  assertSmsCallbackSecret(secret);
  await applySmsReport(parseWith(smsReportSchema, formOf(body)));
}

/** POST /api/webhooks/sms/africastalking/{secret}/opt-out. */
export async function receiveSmsOptOut(secret: string, body: Uint8Array): Promise<void> {
  assertSmsCallbackSecret(secret);
  await applySmsOptOut(parseWith(smsOptOutSchema, formOf(body)));
}

/** Meta's challenge is a number; anything else is not echoed back. */
const CHALLENGE = /^[A-Za-z0-9._-]{1,200}$/;

/** GET /api/webhooks/whatsapp: the challenge to echo when the verify token is ours. */
export function whatsappChallenge(query: URLSearchParams): string {
  const expected = env().WHATSAPP_VERIFY_TOKEN;
  const challenge = query.get("hub.challenge") ?? "";
  const ours =
    !!expected &&
    query.get("hub.mode") === "subscribe" &&
    sameSecret(query.get("hub.verify_token") ?? "", expected);
  if (!ours || !CHALLENGE.test(challenge)) throw forbidden("Verification refused");
  return challenge;
}

/** Whether `header` is `sha256=<hex HMAC-SHA256 of body with secret>`. */
export function validSignature(body: Uint8Array, header: string | null, secret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, "hex"));
}

/** POST /api/webhooks/whatsapp: statuses, read only when the signature holds. */
export async function receiveWhatsAppWebhook(
  body: Uint8Array,
  signature: string | null,
): Promise<void> {
  const secret = env().WHATSAPP_APP_SECRET;
  if (!secret || !validSignature(body, signature, secret)) throw unauthorized("Invalid signature");
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body)) as unknown;
  } catch {
    throw badRequest("Malformed JSON body");
  }
  const payload = parseWith(whatsappWebhookSchema, json);
  const statuses = payload.entry.flatMap((entry) =>
    entry.changes.flatMap((change) => change.value?.statuses ?? []),
  );
  await applyWhatsAppStatuses(statuses);
}
