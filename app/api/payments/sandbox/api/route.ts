import { type NextRequest } from "next/server";
import { notFound } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/handler";
import { isDatabaseUnavailable } from "@/lib/api/prisma-errors";
import { readTextCapped } from "@/lib/api/read-body";
import { log } from "@/lib/observability/log";
import { handleSandboxApiRequest } from "@/lib/payments/sandbox";

// POST /api/payments/sandbox/api — the sandbox's DPO API3G endpoint: XML in, XML out, called only
// by this app's own server, with this install's sandbox company token (no session, no Origin).
// Anything else (the sandbox off, no or another token, not API3G, too large) answers the JSON 404
// of a path that does not exist (issue 43 §1). Not the route() wrapper: the body is XML and
// failures must look like a provider's (non-2xx → the client reports "unreachable"). Like DPO, one
// service for the platform: the server calls it at APP_URL and the company token names the school
// (its own sandbox, token and transactions); a token of no school, or of a school not paying
// through the sandbox, is the same 404.

const MAX_XML_BYTES = 64 * 1024;

export async function POST(req: NextRequest): Promise<Response> {
  try {
    const xml = await readCapped(req);
    if (xml === null) return errorResponse(notFound());
    const answer = await handleSandboxApiRequest(xml);
    if (answer === null) return errorResponse(notFound());
    return new Response(answer, {
      status: 200,
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-store" },
    });
  } catch (error) {
    log.error({ err: error }, "sandbox API failed");
    return isDatabaseUnavailable(error)
      ? plain(503, "Service unavailable")
      : plain(500, "Internal error");
  }
}

async function readCapped(req: NextRequest): Promise<string | null> {
  if (Number(req.headers.get("content-length") ?? "0") > MAX_XML_BYTES) return null;
  return readTextCapped(req, MAX_XML_BYTES);
}

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
