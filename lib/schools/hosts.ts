// Which school a request is for (issue 45, decision 0073): the school whose hosts hold the host
// the request was addressed to. Pure, so the page side and the API side share it; the database
// read of the schools' hosts is the caller's.

/** The part of a school that finds it. */
export type SchoolHosts = { id: number; hosts: readonly string[]; status: string };

export { NO_SCHOOL_MESSAGE } from "@/lib/contracts/schools";
import { normalizeHost } from "@/lib/validations/host";

export { normalizeHost };

/** The host a request was addressed to: `X-Forwarded-Host` only behind a trusted proxy. */
export function requestHost(
  headers: Headers,
  trustedProxyHops: number,
  scheme: "http" | "https",
): string | undefined {
  const forwarded = trustedProxyHops > 0 ? headers.get("x-forwarded-host") : null;
  // A proxy chain may append several: the first is what the browser asked for.
  const raw = forwarded?.split(",")[0] ?? headers.get("host");
  return raw ? normalizeHost(raw, scheme) : undefined;
}

/** The school that claims `host`, or undefined: a host is claimed by at most one school. */
export function schoolForHost<S extends SchoolHosts>(
  schools: readonly S[],
  host: string | undefined,
  scheme: "http" | "https" = "https",
): S | undefined {
  if (!host) return undefined;
  const wanted = normalizeHost(host, scheme);
  if (!wanted) return undefined;
  return schools.find((school) =>
    school.hosts.some((claimed) => normalizeHost(claimed, scheme) === wanted),
  );
}

/** The default school's host: APP_URL's `host[:port]`. */
export function hostOfUrl(url: string): string {
  const parsed = new URL(url);
  const scheme = parsed.protocol === "http:" ? "http" : "https";
  const host = normalizeHost(parsed.host, scheme);
  if (!host) throw new Error(`No host in ${url}`);
  return host;
}
