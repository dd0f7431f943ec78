// A local stand-in for Africa's Talking's SMS API (../shared/reference/messaging.md): POST
// /version1/messaging with the apiKey header and the form fields username, to, message, from. It
// checks the key and username (401 with a text otherwise, as the real one), records each message
// it accepts, and answers 201 with SMSMessageData and a messageId per recipient. Tests script the
// rest: an HTTP 5xx, a hang past the client's time-out, a recipient's failure code. It also writes
// the bodies of the delivery-report and opt-out callbacks, and can post them to a running server.
import {
  FakeProviderServer,
  type ProviderReply,
  type ProviderRequest,
} from "@/tests/support/fake-provider-server";

export type ReceivedSms = { messageId: string; to: string; message: string; from: string | null };

/** A recipient's failure codes and Africa's Talking's words for them. */
export const AT_STATUS: Record<number, string> = {
  401: "RiskHold",
  402: "InvalidSenderId",
  403: "InvalidPhoneNumber",
  404: "UnsupportedNumberType",
  405: "InsufficientBalance",
  406: "UserInBlacklist",
  407: "CouldNotRoute",
  500: "InternalServerError",
  501: "GatewayError",
  502: "RejectedByGateway",
};

export class FakeAfricasTalking extends FakeProviderServer {
  /** Messages accepted (a messageId given), in order. */
  readonly messages: ReceivedSms[] = [];
  username = "canteen";
  apiKey = "at-test-key";
  private failures = new Map<string, number>();
  private sent = 0;

  /** The API's base, AT_API_URL. */
  get url(): string {
    return this.origin;
  }

  protected forget(): void {
    this.messages.length = 0;
    this.failures.clear();
  }

  /** The number's next messages fail with this recipient status code (403, 405, 500 …). */
  failRecipient(number: string, statusCode: number): this {
    this.failures.set(number, statusCode);
    return this;
  }

  /** The next request answers HTTP `status` (a 5xx: the provider is down). */
  httpError(status = 503, body = "Service Unavailable"): this {
    return this.next({ status, body, contentType: "text/plain" });
  }

  /** The next request gets no answer at all (past the client's time-out). */
  hang(): this {
    return this.next({ hang: true });
  }

  protected answer(request: ProviderRequest): ProviderReply {
    if (request.method !== "POST" || request.path !== "/version1/messaging") {
      return { status: 404, body: "Not Found", contentType: "text/plain" };
    }
    const form = new URLSearchParams(request.body);
    if (request.headers.apikey !== this.apiKey || form.get("username") !== this.username) {
      return {
        status: 401,
        body: "The supplied authentication is invalid",
        contentType: "text/plain",
      };
    }
    const message = form.get("message") ?? "";
    const from = form.get("from");
    const recipients = (form.get("to") ?? "").split(",").map((number) => {
      const failure = this.failures.get(number);
      if (failure !== undefined) {
        return {
          statusCode: failure,
          number,
          status: AT_STATUS[failure] ?? "Failed",
          cost: "0",
          messageId: "None",
        };
      }
      const messageId = `ATXid_fake${++this.sent}`;
      this.messages.push({ messageId, to: number, message, from });
      return { statusCode: 101, number, status: "Success", cost: "ZMW 0.2000", messageId };
    });
    const ok = recipients.filter((r) => r.statusCode === 101).length;
    return {
      status: 201,
      body: JSON.stringify({
        SMSMessageData: {
          Message: `Sent to ${ok}/${recipients.length} Total Cost: ZMW ${(ok * 0.2).toFixed(4)}`,
          Recipients: recipients,
        },
      }),
    };
  }

  /** A delivery report's form body, as Africa's Talking posts it to the callback. */
  static deliveryReport(
    messageId: string,
    status: "Sent" | "Submitted" | "Buffered" | "Success" | "Failed" | "Rejected",
    extra: { phoneNumber?: string; failureReason?: string; networkCode?: string } = {},
  ): string {
    return new URLSearchParams({
      id: messageId,
      status,
      phoneNumber: extra.phoneNumber ?? "+260977000000",
      networkCode: extra.networkCode ?? "64501",
      ...(extra.failureReason ? { failureReason: extra.failureReason } : {}),
      retryCount: "0",
    }).toString();
  }

  /** An opt-out's form body: the number replied STOP to the sender ID. */
  static optOut(senderId: string, phoneNumber: string): string {
    return new URLSearchParams({ senderId, phoneNumber }).toString();
  }

  /** Posts a callback body to a running server's address (end-to-end runs). */
  static async post(url: string, form: string): Promise<Response> {
    return fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
    });
  }
}
