import { describe, expect, it } from "@jest/globals";
import { addressFromChain } from "@/lib/api/client-address";

// The X-Forwarded-For chain as `npm start` hands it to the app: what the request came with, then
// the socket's peer. TRUSTED_PROXY_HOPS says how many of the last entries a proxy of ours wrote.

describe("the caller's address from X-Forwarded-For", () => {
  it("is the socket's peer with no proxy trusted, whatever the client put before it", () => {
    expect(addressFromChain("198.51.100.9", 0)).toBe("198.51.100.9");
    expect(addressFromChain("1.2.3.4, 5.6.7.8, 198.51.100.9", 0)).toBe("198.51.100.9");
  });

  it("is the entry the trusted proxies appended, not the ones the client forged before it", () => {
    expect(addressFromChain("203.0.113.7, 10.0.0.2", 1)).toBe("203.0.113.7");
    expect(addressFromChain("1.2.3.4, 203.0.113.7, 10.0.0.2", 1)).toBe("203.0.113.7");
    expect(addressFromChain("1.2.3.4,203.0.113.7 ,10.0.0.3, 10.0.0.2", 2)).toBe("203.0.113.7");
  });

  it("falls back to the peer, never to a forgeable first entry, when the chain is too short", () => {
    // The proxy appended nothing (or was bypassed): only the peer is known to be true.
    expect(addressFromChain("10.0.0.2", 1)).toBe("10.0.0.2");
    expect(addressFromChain("203.0.113.7, 10.0.0.2", 2)).toBe("10.0.0.2");
  });

  it("is one shared bucket when there is no chain at all", () => {
    expect(addressFromChain(null, 0)).toBe("unknown");
    expect(addressFromChain(" , ", 1)).toBe("unknown");
  });
});
