import { NextResponse, type NextRequest } from "next/server";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { unsealSessionCookie } from "@/lib/auth/unseal-cookie";
import { env } from "@/lib/env";
import { isPageFor } from "@/lib/routing";
import { contentSecurityPolicy, createNonce } from "@/lib/security/csp";

// Next 16's name for middleware. A coarse gate only: it gives every page a CSP nonce and shows the
// login screen to signed-out visitors on any page path. It reads the sealed cookie but not the
// database; every page and handler checks the session and role again on the server.
export async function proxy(request: NextRequest) {
  const config = env();
  const nonce = createNonce();
  const csp = contentSecurityPolicy(nonce, { dev: config.NODE_ENV === "development" });

  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);

  const signedIn = await hasSessionCookie(request, config.SESSION_SECRET, config.secureCookies);
  const { pathname } = request.nextUrl;
  // The API answers for itself (JSON, 401 or 404): never the login page, even at `/api` itself,
  // which the matcher below lets through (issue 43).
  const api = pathname === "/api" || pathname.startsWith("/api/");
  // The operators' console (issue 45) has its own sign-in, not a school's: never the login page.
  const platform = pathname === "/platform" || pathname.startsWith("/platform/");
  const response =
    !signedIn && !api && !platform && !isPageFor("anonymous", pathname, config.production)
      ? NextResponse.rewrite(new URL("/", request.url), { request: { headers } })
      : NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", csp);
  return response;
}

/** Whether the cookie unseals to a session (a broken one is none: unsealSessionCookie never throws). */
async function hasSessionCookie(request: NextRequest, secret: string, secure: boolean) {
  const sealed = request.cookies.get(sessionCookieName(secure))?.value;
  if (!sealed) return false;
  return typeof (await unsealSessionCookie(sealed, secret)).sid === "string";
}

export const config = {
  // Pages only: not the API, not Next's assets, not files in public/ (the logo must load on the
  // signed-out login page; the service worker script must never be answered with a page).
  matcher: [
    {
      source:
        "/((?!api/|_next/static|_next/image|favicon.ico|icons/|manifest.webmanifest|robots.txt|logo.svg|sw.js).*)",
      missing: [{ type: "header", key: "next-router-prefetch" }],
    },
  ],
};
