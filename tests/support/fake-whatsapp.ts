// A local stand-in for WhatsApp's Cloud API (../shared/reference/messaging.md): POST
// /{phone-number-id}/messages with a Bearer token and a template message. It checks the token
// (401 with error 190 otherwise), records each message it accepts and answers 200 with its wamid;
// a number marked as not on WhatsApp gets error 131026. Tests script the rest: an HTTP 5xx, a hang
// past the client's time-out. It also writes status webhooks, signed or badly signed.
import { createHmac } from "node:crypto";
import {
  FakeProviderServer,
  type ProviderReply,
  type ProviderRequest,
} from "@/tests/support/fake-provider-server";

export type ReceivedWhatsApp = { id: string; to: string; template: string; params: string[] };

type TemplateBody = {
  to?: string;
  template?: {
    name?: string;
    language?: { code?: string };
    components?: { type: string; parameters?: { text?: string }[] }[];
  };
};

const errorBody = (status: number, code: number, message: string): ProviderReply => ({
  status,
  body: JSON.stringify({
    error: { message, type: "OAuthException", code, fbtrace_id: "FAKE" },
  }),
});

export class FakeWhatsApp extends FakeProviderServer {
  readonly messages: ReceivedWhatsApp[] = [];
  token = "wa-test-token";
  phoneNumberId = "1234567890";
  private notOnWhatsApp = new Set<string>();
  private sent = 0;

  /** The Graph API's base, WHATSAPP_API_URL. */
  get url(): string {
    return `${this.origin}/v21.0`;
  }

  protected forget(): void {
    this.messages.length = 0;
    this.notOnWhatsApp.clear();
  }

  /** Messages to this number (without "+") answer 131026. */
  markNotOnWhatsApp(number: string): this {
    this.notOnWhatsApp.add(number.replace(/^\+/, ""));
    return this;
  }

  httpError(status = 500, code = 1, message = "An unknown error occurred"): this {
    return this.next(errorBody(status, code, message));
  }

  hang(): this {
    return this.next({ hang: true });
  }

  protected answer(request: ProviderRequest): ProviderReply {
    if (request.method !== "POST" || request.path !== `/v21.0/${this.phoneNumberId}/messages`) {
      return errorBody(404, 803, "Unknown path components");
    }
    if (request.headers.authorization !== `Bearer ${this.token}`) {
      return errorBody(401, 190, "Error validating access token");
    }
    const body = JSON.parse(request.body) as TemplateBody;
    const to = body.to ?? "";
    if (this.notOnWhatsApp.has(to)) {
      return errorBody(400, 131026, "Message undeliverable");
    }
    const params =
      body.template?.components
        ?.find((c) => c.type === "body")
        ?.parameters?.map((p) => p.text ?? "") ?? [];
    const id = `wamid.FAKE${++this.sent}`;
    this.messages.push({ id, to, template: body.template?.name ?? "", params });
    return {
      status: 200,
      body: JSON.stringify({
        messaging_product: "whatsapp",
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id }],
      }),
    };
  }

  /** A status webhook's raw body for one message. */
  static statusBody(
    id: string,
    status: "sent" | "delivered" | "read" | "failed",
    error?: { code: number; title: string },
  ): string {
    return JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "WABA-ID",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                statuses: [
                  {
                    id,
                    status,
                    recipient_id: "260977000000",
                    timestamp: "1732780000",
                    ...(error ? { errors: [error] } : {}),
                  },
                ],
              },
            },
          ],
        },
      ],
    });
  }

  /** X-Hub-Signature-256 for a raw body. */
  static sign(raw: string, appSecret: string): string {
    return `sha256=${createHmac("sha256", appSecret).update(raw).digest("hex")}`;
  }
}
