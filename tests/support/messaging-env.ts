// The messaging environment of one test file (issue 48): env() is parsed once, on first use (in
// the setup's beforeAll), so a file sets it at its top, before anything reads it. Starts the fake
// providers and points Africa's Talking and WhatsApp at them; a channel left out stays unconfigured.
import { FakeAfricasTalking } from "@/tests/support/fake-africastalking";
import { FakeWhatsApp } from "@/tests/support/fake-whatsapp";

export const AT_CALLBACK_SECRET = "at-callback-secret-0123456789";
export const WHATSAPP_APP_SECRET = "wa-app-secret-0123456789";
export const WHATSAPP_VERIFY_TOKEN = "wa-verify-token-0123456789";
/** Short, so a hang past it costs a test two seconds; long enough for a loaded machine's first call. */
export const TEST_MESSAGING_TIMEOUT_MS = 2000;

export async function startFakeMessaging(
  channels: { sms?: boolean; whatsapp?: boolean } = { sms: true, whatsapp: true },
): Promise<{ at: FakeAfricasTalking; wa: FakeWhatsApp }> {
  const at = await new FakeAfricasTalking().start();
  const wa = await new FakeWhatsApp().start();
  const env = process.env as Record<string, string | undefined>;
  env.MESSAGING_TIMEOUT_MS = String(TEST_MESSAGING_TIMEOUT_MS);
  if (channels.sms) {
    Object.assign(env, {
      SMS_PROVIDER: "africastalking",
      AT_USERNAME: at.username,
      AT_API_KEY: at.apiKey,
      AT_API_URL: at.url,
      AT_CALLBACK_SECRET,
    });
  }
  if (channels.whatsapp) {
    Object.assign(env, {
      WHATSAPP_TOKEN: wa.token,
      WHATSAPP_PHONE_NUMBER_ID: wa.phoneNumberId,
      WHATSAPP_APP_SECRET,
      WHATSAPP_VERIFY_TOKEN,
      WHATSAPP_API_URL: wa.url,
    });
  }
  return { at, wa };
}

/** Where enableMessagingChannels points the providers: a port nothing listens on. */
export const UNREACHABLE_PROVIDER = "http://127.0.0.1:9";

/**
 * SMS and WhatsApp configured without fake providers, for a file that only looks at what is
 * queued: a message the outbox tries to send fails at once and stays queued, nothing leaves the
 * machine. Call it at the top of the file, before anything reads the environment.
 */
export function enableMessagingChannels(): void {
  Object.assign(process.env, {
    SMS_PROVIDER: "africastalking",
    AT_USERNAME: "sandbox",
    AT_API_KEY: "test-api-key",
    AT_API_URL: UNREACHABLE_PROVIDER,
    WHATSAPP_TOKEN: "test-whatsapp-token",
    WHATSAPP_PHONE_NUMBER_ID: "1",
    WHATSAPP_API_URL: UNREACHABLE_PROVIDER,
    MESSAGING_TIMEOUT_MS: "500",
  });
}
