import type { Role } from "@/lib/contracts/permissions";

// The routing table of spec 001 §2. Pages enforce it on the server; proxy.ts uses it to send
// signed-out visitors to the login screen without a database round trip.

export type Visitor = Role | "anonymous";

const ROLE_PAGES: Record<Role, readonly RegExp[]> = {
  admin: [/^\/$/, /^\/settings$/, /^\/menu\/edit\/[^/]+$/],
  teacher: [/^\/$/, /^\/payment\/success$/, /^\/payment\/cancel$/],
  parent: [/^\/$/, /^\/payment\/success$/, /^\/payment\/cancel$/],
};

/**
 * Pages for everyone, signed in or not: the privacy notice (issue 26), and the school roll's claim
 * link (issue 49), which offers to sign in or register before it is accepted.
 */
const PUBLIC_PAGES: readonly string[] = ["/privacy", "/claim"];
/** A guardian's invitation link (issue 49): it signs in or registers on the page itself. */
const PUBLIC_PATTERNS: readonly RegExp[] = [/^\/guardian-invitation\/[^/]+$/];

export function isDebugLoginAvailable(production: boolean): boolean {
  return !production;
}

/** Whether `pathname` is one of the visitor's pages (anything else is the login screen or 404). */
export function isPageFor(visitor: Visitor, pathname: string, production: boolean): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (PUBLIC_PAGES.includes(path) || PUBLIC_PATTERNS.some((p) => p.test(path))) return true;
  if (visitor === "anonymous") {
    return path === "/" || (path === "/debug-login" && isDebugLoginAvailable(production));
  }
  return ROLE_PAGES[visitor].some((pattern) => pattern.test(path));
}
