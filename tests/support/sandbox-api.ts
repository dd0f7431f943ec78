// The payment sandbox's XML API called in-process through its real route handler: as the app's own
// provider client does (fetchImpl), and as anybody else could (a raw document, no cookie).
import { NextRequest } from "next/server";
import { XMLBuilder } from "fast-xml-parser";
import * as sandboxApi from "@/app/api/payments/sandbox/api/route";
import { SANDBOX_API_PATH } from "@/lib/payments/provider-config";

export const SANDBOX_API_URL = `http://localhost:3000${SANDBOX_API_PATH}`;

/** fetch, but answered in-process by the sandbox's API route (at the URL's host: its school). */
export const sandboxFetch: typeof fetch = async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const headers = new Headers(init?.headers);
  headers.set("host", new URL(url).host);
  const req = new NextRequest(url, {
    method: init?.method ?? "GET",
    headers,
    body: init?.body as string | undefined,
  });
  return sandboxApi.POST(req);
};

const builder = new XMLBuilder({ processEntities: true, suppressEmptyNode: false });

/** An API3G request document with the given company token (none when undefined). */
export function api3g(
  companyToken: string | undefined,
  request: string,
  fields: Record<string, string>,
): string {
  const token = companyToken === undefined ? {} : { CompanyToken: companyToken };
  return `<?xml version="1.0" encoding="utf-8"?>${builder.build({
    API3G: { ...token, Request: request, ...fields },
  })}`;
}

/**
 * POSTs `body` to the sandbox's API with no session (at `origin`'s school, the default school's
 * unless told): its status, type and text.
 */
export async function rawApi(body: string, origin = "http://localhost:3000") {
  const url = new URL(SANDBOX_API_PATH, origin);
  const res = await sandboxApi.POST(
    new NextRequest(url, {
      method: "POST",
      headers: { "content-type": "application/xml", host: url.host },
      body,
    }),
  );
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}
