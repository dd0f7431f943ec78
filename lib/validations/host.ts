// A host as a school's row stores it (issue 45, decision 0073): shared by the operators'
// requests and by the resolution of each request's school (lib/schools/hosts.ts).

/**
 * `host[:port]` as the school's row stores it: lower case, no trailing dot, the default port of
 * the scheme left out (a browser never writes `:443` for https or `:80` for http), an IPv6
 * literal in brackets. Undefined for anything that is not a host.
 */
export function normalizeHost(
  host: string,
  scheme: "http" | "https" = "https",
): string | undefined {
  const text = host.trim();
  if (!text || /[\s/?#@\\]/.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(`${scheme}://${text}`);
  } catch {
    return undefined;
  }
  // new URL lower-cases, turns IDNs into punycode and drops the scheme's default port.
  if (url.username || url.password || url.pathname !== "/") return undefined;
  const name = url.hostname.replace(/\.$/, "");
  if (!name) return undefined;
  return url.port ? `${name}:${url.port}` : name;
}
