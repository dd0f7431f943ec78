import "server-only";
import { env } from "@/lib/env";

/**
 * The caller's network address for per-address limits. `next start` appends the socket's peer to
 * X-Forwarded-For; each trusted reverse proxy in front appends one more, so the entry
 * TRUSTED_PROXY_HOPS from the end is the first address nobody could forge.
 */
export function clientAddress(headers: Headers): string {
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const index = chain.length - 1 - env().TRUSTED_PROXY_HOPS;
  return chain[Math.max(0, index)] ?? headers.get("x-real-ip") ?? "unknown";
}
