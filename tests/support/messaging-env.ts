// SMS (Africa's Talking) and WhatsApp configured for one test file (issue 48). Call it at the top
// of the file, before anything reads the environment (env() is parsed on first use, in the setup's
// beforeAll). The providers' addresses are a port nothing listens on: a message the outbox tries
// to send fails at once and stays queued for a retry, and nothing leaves the machine.

export const UNREACHABLE_PROVIDER = "http://127.0.0.1:9";

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
