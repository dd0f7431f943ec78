import "server-only";
import type { NextRequest } from "next/server";
import { forbidden } from "@/lib/api/errors";
import { env } from "@/lib/env";

export type OriginRules = { appUrl: string; trustedProxyHops: number };

const SAFE_METHODS = ["GET", "HEAD", "OPTIONS"];

/**
 * State-changing requests must come from our own pages (a browser always sends Origin on them):
 * the school's own origin (issue 45), so a page of another school on this platform is refused too.
 */
export function assertSameOrigin(req: NextRequest, schoolOrigin: string) {
  const { TRUSTED_PROXY_HOPS } = env();
  const rules = { appUrl: schoolOrigin, trustedProxyHops: TRUSTED_PROXY_HOPS };
  if (!isSameOrigin(req.method, req.headers, rules)) throw forbidden("Cross-site request refused");
}

/**
 * An attacker's page cannot choose the Origin a browser sends, so a write is ours when its Origin
 * (scheme, host and port) is the app's public origin, APP_URL, or the origin the request itself was
 * addressed to: APP_URL's scheme with the Host header (the server reached by another name, as the
 * tests and an admin on the school's network do), or, behind a trusted proxy, what the proxy says
 * in X-Forwarded-Proto and X-Forwarded-Host. With no proxy trusted those two are anyone's to send
 * and are ignored. Without an Origin the caller is not a browser (curl, a script): allowed, unless
 * Sec-Fetch-Site says it is a cross-site browser request after all.
 */
export function isSameOrigin(method: string, headers: Headers, rules: OriginRules): boolean {
  if (SAFE_METHODS.includes(method)) return true;
  if (headers.get("sec-fetch-site") === "cross-site") return false;
  const origin = headers.get("origin");
  if (origin === null) return true;
  const given = originOf(origin);
  if (given === undefined) return false;
  return given === originOf(rules.appUrl) || given === addressedOrigin(headers, rules);
}

function addressedOrigin(headers: Headers, rules: OriginRules): string | undefined {
  const proxied = rules.trustedProxyHops > 0;
  const scheme =
    (proxied && headers.get("x-forwarded-proto")) || new URL(rules.appUrl).protocol.slice(0, -1);
  const host = (proxied && headers.get("x-forwarded-host")) || headers.get("host");
  if (!host || (scheme !== "http" && scheme !== "https")) return undefined;
  return originOf(`${scheme}://${host}`);
}

/** `scheme://host[:port]` with the default port left out, as browsers write Origin. */
function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
