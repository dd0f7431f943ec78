// The platform's SMS and WhatsApp providers for one test file (issue 48). env() is parsed once per
// process, so its cached values are switched, as the payment tests switch PAYMENT_PROVIDER; the
// providers point at a closed local port: nothing here needs a message to be delivered.
import { env } from "@/lib/env";

const KEYS = [
  "SMS_PROVIDER",
  "AT_USERNAME",
  "AT_API_KEY",
  "AT_API_URL",
  "WHATSAPP_TOKEN",
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_API_URL",
] as const;

/** Turns each provider on or off; returns what puts the values before back. */
export function setMessagingEnv({ sms = true, whatsapp = false } = {}): () => void {
  const config = env() as Record<(typeof KEYS)[number], string | undefined>;
  const before = Object.fromEntries(KEYS.map((key) => [key, config[key]]));
  Object.assign(config, {
    SMS_PROVIDER: sms ? "africastalking" : undefined,
    AT_USERNAME: sms ? "sandbox" : undefined,
    AT_API_KEY: sms ? "test-at-key" : undefined,
    AT_API_URL: "http://127.0.0.1:9",
    WHATSAPP_TOKEN: whatsapp ? "test-whatsapp-token" : undefined,
    WHATSAPP_PHONE_NUMBER_ID: whatsapp ? "1234567890" : undefined,
    WHATSAPP_API_URL: "http://127.0.0.1:9",
  });
  return () => Object.assign(config, before);
}
