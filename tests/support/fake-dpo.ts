// A local stand-in for DPO Pay's API3G endpoint: a real HTTP server on 127.0.0.1 (random port)
// that parses each XML request with fast-xml-parser, records it, and answers what the test
// scripted — XML, an HTML error page, garbage, an HTTP error, a hang (for time-outs) or a dropped
// connection. Used by the client's tests and the payment tests.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { XMLBuilder, XMLParser } from "fast-xml-parser";

/** What the fake does with one request. A string is an XML body sent with 200. */
export type FakeReply =
  | string
  | { status?: number; body: string; contentType?: string }
  | { hang: true }
  | { close: true }
  /** Answers `reply` once `gate` settles: DPO slower than the caller's claim on the refund. */
  | { gate: Promise<unknown>; reply: FakeReply };

export type ReceivedRequest = {
  /** createToken, verifyToken, cancelToken, ChargeTokenMobile, refundToken … ("" when the body was not an API3G document). */
  name: string;
  /** Every text element of the document by tag name (first occurrence), e.g. fields.CompanyRef. */
  fields: Record<string, string>;
  /** The document as fast-xml-parser reads it (values kept as text). */
  document: unknown;
  /** The raw body, to check escaping. */
  xml: string;
  contentType: string | undefined;
};

type Handler = (request: ReceivedRequest) => FakeReply;

const parser = new XMLParser({ parseTagValue: false, ignoreDeclaration: true, trimValues: true });
const builder = new XMLBuilder({ processEntities: true });

/** An API3G answer with these fields, in this order. */
export function api3gXml(fields: Record<string, string>): string {
  return `<?xml version="1.0" encoding="utf-8"?>${builder.build({ API3G: fields })}`;
}

export function resultXml(code: string, explanation: string, extra: Record<string, string> = {}) {
  return api3gXml({ Result: code, ResultExplanation: explanation, ...extra });
}

export function createdXml(token = "FAKE-TOKEN-1", transRef = "R1234567") {
  return resultXml("000", "Transaction created", { TransToken: token, TransRef: transRef });
}

export function paidXml(amount: string, currency: string, approval = "4444444401") {
  return resultXml("000", "Transaction Paid", {
    CustomerName: "Test Parent",
    CustomerCredit: "4242",
    CustomerCreditType: "Visa",
    TransactionApproval: approval,
    TransactionCurrency: currency,
    TransactionAmount: amount,
    FraudAlert: "000",
    FraudExplnation: "Low Risk (Not checked)",
  });
}

/** ChargeTokenMobile's answer: a Code and an Explanation, not a Result (dpo-pay.md). */
export function mobileXml(code: string, explanation: string, instructions = "") {
  return api3gXml({
    Code: code,
    Explanation: explanation,
    ...(instructions ? { Instructions: instructions } : {}),
    RedirectOption: "0",
  });
}

/** The push went out: DPO's 130 "New invoice" with the text for the payer. */
export function pushSentXml(
  instructions = "Please approve the payment on your phone by entering your PIN.",
) {
  return mobileXml("130", "New invoice", instructions);
}

/** refundToken's success (dpo-pay.md: 000 refund successful). */
export function refundedXml(explanation = "Refund successful") {
  return resultXml("000", explanation);
}

/** refundToken's refusal (dpo-pay.md: 999 failed), with DPO's reason. */
export function refundRefusedXml(explanation = "Refund failed: amount exceeds the balance") {
  return resultXml("999", explanation);
}

export const HTML_ERROR_PAGE =
  "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head>" +
  "<body><h1>Bad Gateway</h1><p>The proxy server received an invalid response.</body></html>";

export class FakeDpo {
  readonly requests: ReceivedRequest[] = [];
  private server = createServer((req, res) => void this.handle(req, res));
  private handlers = new Map<string, Handler>();
  private once = new Map<string, Handler[]>();
  private port = 0;

  /** The API URL to give the client (DPO's path shape, on the fake's port). */
  get url(): string {
    if (!this.port) throw new Error("FakeDpo is not started");
    return `http://127.0.0.1:${this.port}/API/v6/`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(0, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    // Hanging requests would keep close() waiting forever.
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Forgets the recorded requests and every scripted answer. */
  reset(): void {
    this.requests.length = 0;
    this.handlers.clear();
    this.once.clear();
  }

  /**
   * Answers every request named `name` with `handler` (replacing the previous one), or only the
   * next one with `{ once: true }` (once-answers are used first, in the order given).
   */
  on(name: string, handler: Handler, options: { once?: boolean } = {}): this {
    if (options.once) this.once.set(name, [...(this.once.get(name) ?? []), handler]);
    else this.handlers.set(name, handler);
    return this;
  }

  onCreateToken(
    handler: (fields: Record<string, string>) => FakeReply,
    options?: { once?: boolean },
  ) {
    return this.on("createToken", (r) => handler(r.fields), options);
  }

  onVerifyToken(handler: (token: string) => FakeReply, options?: { once?: boolean }) {
    return this.on("verifyToken", (r) => handler(r.fields.TransactionToken ?? ""), options);
  }

  onCancelToken(handler: (token: string) => FakeReply, options?: { once?: boolean }) {
    return this.on("cancelToken", (r) => handler(r.fields.TransactionToken ?? ""), options);
  }

  /** ChargeTokenMobile, with the request's fields (TransactionToken, PhoneNumber, MNO …). */
  onChargeTokenMobile(
    handler: (fields: Record<string, string>) => FakeReply,
    options?: { once?: boolean },
  ) {
    return this.on("ChargeTokenMobile", (r) => handler(r.fields), options);
  }

  /** refundToken (issue 49), with the request's fields (TransactionToken, refundAmount, refundDetails). */
  onRefundToken(
    handler: (fields: Record<string, string>) => FakeReply,
    options?: { once?: boolean },
  ) {
    return this.on("refundToken", (r) => handler(r.fields), options);
  }

  /** Answers anything, whatever its name (for garbage or hangs on every call). */
  onAny(handler: Handler): this {
    return this.on("*", handler);
  }

  /** The requests of one name, in order. */
  requestsNamed(name: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.name === name);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const xml = Buffer.concat(chunks).toString("utf8");
    const request = parse(xml, req.headers["content-type"]);
    this.requests.push(request);
    let reply = this.replyFor(request);
    while (typeof reply !== "string" && "gate" in reply) {
      await reply.gate;
      reply = reply.reply;
    }
    if (typeof reply === "string") {
      res.writeHead(200, { "Content-Type": "text/xml; charset=utf-8" });
      res.end(reply);
    } else if ("hang" in reply) {
      // Never answer: the client's time-out has to end it (stop() drops the socket).
    } else if ("close" in reply) {
      req.socket.destroy();
    } else {
      res.writeHead(reply.status ?? 200, {
        "Content-Type": reply.contentType ?? "text/html; charset=utf-8",
      });
      res.end(reply.body);
    }
  }

  private replyFor(request: ReceivedRequest): FakeReply {
    const queued = this.once.get(request.name)?.shift();
    if (queued) return queued(request);
    const handler = this.handlers.get(request.name) ?? this.handlers.get("*");
    if (handler) return handler(request);
    return defaultReply(request);
  }
}

/**
 * A started fake with the app's card payments pointed at it. Call it at the top of a test file,
 * before anything reads the environment (env() is parsed on first use, in the setup's beforeAll).
 */
export async function startFakeDpoProvider(): Promise<FakeDpo> {
  const fake = await new FakeDpo().start();
  Object.assign(process.env, {
    PAYMENT_PROVIDER: "dpo",
    DPO_API_URL: fake.url,
    DPO_PAY_URL: "https://pay.example.test/payv2.php",
    DPO_COMPANY_TOKEN: "COMPANY-TOKEN",
    DPO_SERVICE_TYPE: "5525",
    DPO_TIMEOUT_MS: "1000",
  });
  return fake;
}

/**
 * Unscripted requests get DPO's usual happy answers: created, not paid yet, cancelled, pushed,
 * refunded.
 */
function defaultReply(request: ReceivedRequest): FakeReply {
  switch (request.name) {
    case "createToken":
      return createdXml(`FAKE-${request.fields.CompanyRef ?? "TOKEN"}`);
    case "verifyToken":
      return resultXml("900", "Transaction not paid yet");
    case "cancelToken":
      return resultXml("000", "Transaction cancelled");
    case "ChargeTokenMobile":
      return pushSentXml();
    case "refundToken":
      return refundedXml();
    default:
      return resultXml("803", "No request or error in Request type name");
  }
}

function parse(xml: string, contentType: string | undefined): ReceivedRequest {
  let document: unknown = null;
  try {
    document = parser.parse(xml);
  } catch {
    // Not XML: recorded with no fields.
  }
  const fields: Record<string, string> = {};
  const root = (document as { API3G?: unknown } | null)?.API3G;
  if (root && typeof root === "object") collect(root as Record<string, unknown>, fields);
  return { name: fields.Request ?? "", fields, document, xml, contentType };
}

function collect(node: Record<string, unknown>, into: Record<string, string>) {
  for (const [name, value] of Object.entries(node)) {
    if (typeof value === "string") into[name] ??= value;
    else if (value && typeof value === "object" && !Array.isArray(value)) {
      collect(value as Record<string, unknown>, into);
    }
  }
}
