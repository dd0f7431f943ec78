import "server-only";
import { env } from "@/lib/env";

/**
 * The caller's network address for per-address limits. `npm start` (scripts/serve.mjs) sets
 * X-Forwarded-For to the chain the request came with plus the socket's peer, so the last entry is
 * always an address nobody chose. Each trusted reverse proxy in front appends the address it was
 * called from, so the entry TRUSTED_PROXY_HOPS from the end is what the outermost trusted proxy
 * saw; anything before it is whatever the client claimed.
 */
export function clientAddress(headers: Headers): string {
  return addressFromChain(headers.get("x-forwarded-for"), env().TRUSTED_PROXY_HOPS);
}

/**
 * The entry `hops` from the end of an X-Forwarded-For chain. A chain too short for the hops
 * configured did not pass through every trusted proxy (or one of them appended nothing), so only
 * its last entry, the socket's peer, is known to be true: that is what counts then. Never the
 * first entry: a client facing the app directly would choose it.
 */
export function addressFromChain(header: string | null, hops: number): string {
  const chain = (header ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const index = chain.length - 1 - hops;
  return chain[index < 0 ? chain.length - 1 : index] ?? "unknown";
}
