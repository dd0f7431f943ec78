import { describe, expect, it } from "@jest/globals";
import { isSameOrigin, type OriginRules } from "@/lib/api/same-origin";

// Behind a trusted proxy (TRUSTED_PROXY_HOPS > 0) the proxy's X-Forwarded-Proto and
// X-Forwarded-Host say where the browser sent the request; tests/integration/same-origin.test.ts
// covers the app without a proxy, through the route wrapper.

describe("the same-origin rule behind a trusted proxy", () => {
  const proxied: OriginRules = { appUrl: "https://canteen.school.zm", trustedProxyHops: 1 };
  const write = (headers: Record<string, string>) =>
    isSameOrigin("POST", new Headers(headers), proxied);

  it("accepts the public origin and the origin the proxy says the request was addressed to", () => {
    expect(write({ origin: "https://canteen.school.zm", host: "10.0.0.5:3000" })).toBe(true);
    expect(
      write({
        origin: "https://canteen.local",
        host: "10.0.0.5:3000",
        "x-forwarded-host": "canteen.local",
        "x-forwarded-proto": "https",
      }),
    ).toBe(true);
  });

  it("refuses another scheme or port than the forwarded one", () => {
    const forwarded = { "x-forwarded-host": "canteen.local", "x-forwarded-proto": "https" };
    expect(write({ ...forwarded, origin: "http://canteen.local" })).toBe(false);
    expect(write({ ...forwarded, origin: "https://canteen.local:8443" })).toBe(false);
    expect(write({ origin: "http://canteen.school.zm", host: "canteen.school.zm" })).toBe(false);
  });

  it("refuses forwarded headers that name several hosts or schemes", () => {
    expect(
      write({
        origin: "https://evil.example",
        "x-forwarded-host": "evil.example, canteen.local",
        "x-forwarded-proto": "https",
      }),
    ).toBe(false);
    expect(
      write({
        origin: "https://canteen.local",
        "x-forwarded-host": "canteen.local",
        "x-forwarded-proto": "https, http",
      }),
    ).toBe(false);
  });
});
