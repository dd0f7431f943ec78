import "server-only";
import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser";
import { request as undiciRequest } from "undici";
import { readTextCapped } from "@/lib/api/read-body";

// The transport of DPO Pay's API3G (see ../shared/reference/dpo-pay.md): one XML document POSTed,
// one XML document back. Requests are built with XMLBuilder (values are escaped, never
// concatenated); answers are parsed with every value kept as text ("000" stays "000"). Nothing here
// throws for what the network or the provider does: "unreachable" and "invalid-response" (we do not
// know what happened) are values, never a decline. The requests' own answers are read by
// dpo-client.ts (Result) and dpo-mobile.ts (Code).
//
// The calls go through undici's `request`, not `fetch`: the same client and global dispatcher
// underneath (kept-alive connections, the server's keep-alive hints), without the WHATWG Request,
// Response and stream objects around each call, which cost 0.35 to 0.6 ms of CPU per call against
// undici's 0.14 ms (docs/benchmarks.md, issue 20). A payment is one to three calls.

export type DpoConfig = {
  apiUrl: string;
  companyToken: string;
  serviceType: string;
  /** Per call, connection and body included. Default 15000. */
  timeoutMs?: number;
  /** A fetch-compatible transport (tests call the sandbox's route handler in-process). */
  fetchImpl?: typeof fetch;
};

/** Transport failures: we do not know whether the provider acted, so this is never a decline. */
export type Unreachable = { ok: false; kind: "unreachable"; error: string };
/** The provider answered something that is not an API3G document (HTML error page, garbage). */
export type InvalidResponse = { ok: false; kind: "invalid-response"; error: string };

export type Api3gAnswer =
  { ok: true; fields: Record<string, string>; text: string } | Unreachable | InvalidResponse;

const DEFAULT_TIMEOUT_MS = 15_000;
/** A DPO answer is a few hundred bytes; anything far larger is not one. */
const MAX_RESPONSE_BYTES = 256 * 1024;

const builder = new XMLBuilder({ processEntities: true, suppressEmptyNode: false });
const parser = new XMLParser({
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  processEntities: true,
  trimValues: true,
});

/** An API3G request document. */
function buildApi3g(companyToken: string, request: string, body: object): string {
  const xml = builder.build({
    API3G: { CompanyToken: companyToken, Request: request, ...body },
  });
  return `<?xml version="1.0" encoding="utf-8"?>${xml}`;
}

/**
 * Parses an API3G document into its text fields (nested elements flattened into one record, the
 * first occurrence of a name winning), or null when the text is not one.
 */
export function parseApi3g(text: string): Record<string, string> | null {
  if (XMLValidator.validate(text) !== true) return null;
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(document) || !isRecord(document.API3G)) return null;
  const fields: Record<string, string> = {};
  flatten(document.API3G, fields);
  return fields;
}

function flatten(node: Record<string, unknown>, into: Record<string, string>) {
  // Direct text children first, so a top-level <Result> is never shadowed by a nested one.
  const nested: Record<string, unknown>[] = [];
  for (const [name, value] of Object.entries(node)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string") {
      if (!(name in into)) into[name] = first;
    } else if (isRecord(first)) {
      nested.push(first);
    }
  }
  for (const child of nested) flatten(child, into);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Sends one API3G request; the answer's fields, or why there are none. */
export async function postApi3g(
  config: DpoConfig,
  request: string,
  body: object,
): Promise<Api3gAnswer> {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let answer: { status: number; text: string | null };
  try {
    answer = await send(config, buildApi3g(config.companyToken, request, body), timeoutMs);
  } catch (error) {
    return unreachable(`${request}: ${describe(error, timeoutMs)}`);
  }
  if (answer.status < 200 || answer.status > 299) {
    return unreachable(`${request}: HTTP ${answer.status}`);
  }
  // A DPO answer is never that large.
  if (answer.text === null) {
    return { ok: false, kind: "invalid-response", error: `${request}: answer too large` };
  }
  const fields = parseApi3g(answer.text);
  if (!fields) return invalidResponse(request, answer.text);
  return { ok: true, fields, text: answer.text };
}

const HEADERS = { "Content-Type": "application/xml", Accept: "application/xml, text/xml" };

/**
 * POSTs the document; the status and the text of a 2xx answer (null past the size cap). Throws
 * when no answer came (refused, dropped, timed out). Redirects are not followed.
 */
async function send(
  config: DpoConfig,
  xml: string,
  timeoutMs: number,
): Promise<{ status: number; text: string | null }> {
  const signal = AbortSignal.timeout(timeoutMs);
  if (config.fetchImpl) {
    const response = await config.fetchImpl(config.apiUrl, {
      method: "POST",
      headers: HEADERS,
      body: xml,
      signal,
      cache: "no-store",
      redirect: "error",
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { status: response.status, text: "" };
    }
    return { status: response.status, text: await readTextCapped(response, MAX_RESPONSE_BYTES) };
  }
  const response = await undiciRequest(config.apiUrl, {
    method: "POST",
    headers: HEADERS,
    body: xml,
    signal,
  });
  if (response.statusCode < 200 || response.statusCode > 299) {
    await response.body.dump().catch(() => undefined);
    return { status: response.statusCode, text: "" };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      response.body.destroy();
      return { status: response.statusCode, text: null };
    }
    chunks.push(chunk);
  }
  return { status: response.statusCode, text: Buffer.concat(chunks).toString("utf8") };
}

/** The answer was a document, but not the one `request` should get. */
export function invalidResponse(request: string, text: string): InvalidResponse {
  return {
    ok: false,
    kind: "invalid-response",
    error: `${request}: not an API3G answer: ${JSON.stringify(text.slice(0, 120))}`,
  };
}

function unreachable(error: string): Unreachable {
  return { ok: false, kind: "unreachable", error };
}

function describe(error: unknown, timeoutMs: number): string {
  // Duck-typed: the abort's DOMException need not be an `Error` of this realm.
  const { name, message, cause } = (error ?? {}) as {
    name?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  if (name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
  if (typeof message !== "string") return String(error);
  const detail = (cause as { message?: unknown } | undefined)?.message;
  return typeof detail === "string" ? `${message} (${detail})` : message;
}
