import { describe, expect, it } from "@jest/globals";
import { isPageFor } from "@/lib/routing";

describe("the routing table of spec 001 §2", () => {
  it.each([
    ["anonymous", "/", true],
    ["anonymous", "/debug-login", true],
    ["anonymous", "/settings", false],
    ["admin", "/", true],
    ["admin", "/settings", true],
    ["admin", "/menu/edit/12", true],
    ["admin", "/payment/success", false],
    ["parent", "/payment/success", true],
    ["parent", "/payment/cancel", true],
    ["parent", "/settings", false],
    ["teacher", "/payment/cancel", true],
    ["teacher", "/menu/edit/1", false],
    ["anonymous", "/privacy", true],
    ["parent", "/privacy", true],
    ["admin", "/privacy/", true],
    ["anonymous", "/guardian-invitation/abc_DEF-123", true],
    ["parent", "/guardian-invitation/abc_DEF-123", true],
    ["anonymous", "/guardian-invitation/abc/def", false],
    ["anonymous", "/guardian-invitation", false],
    ["anonymous", "/claim", true],
    ["parent", "/claim", true],
    ["anonymous", "/claim/other", false],
  ] as const)("%s on %s: %s", (visitor, path, expected) => {
    expect(isPageFor(visitor, path, false)).toBe(expected);
  });

  it("has no /debug-login in production", () => {
    expect(isPageFor("anonymous", "/debug-login", true)).toBe(false);
  });
});
