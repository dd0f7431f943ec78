import { describe, expect, it } from "@jest/globals";
import { safeReturnPath } from "@/lib/security/return-path";

// The cancel page's returnUrl (issue 22 part 2): an attacker's link must not send a signed-in parent
// to another site. Every hostile value below is refused (the page then offers only Return to Home);
// an address of this site is handed on as its normalized path.

const APP_URL = "https://canteen.school.zm";

describe("safeReturnPath", () => {
  it.each([
    ["a tab between the slashes", "/\t/evil.example/phish"],
    ["a line feed between the slashes", "/\n/evil.example/phish"],
    ["a carriage return between the slashes", "/\r/evil.example/phish"],
    ["a NUL", "/\u0000/evil.example"],
    ["DEL", "/\u007f/evil.example"],
    ["a backslash after the slash", "/\\evil.example"],
    ["two backslashes", "\\\\evil.example"],
    ["protocol-relative", "//evil.example/phish"],
    ["three slashes", "///evil.example"],
    ["leading spaces before //", "  //evil.example"],
    ["a leading tab before //", "\t//evil.example"],
    ["an absolute http URL", "http://evil.example/phish"],
    ["an absolute https URL", "https://evil.example/phish"],
    ["this site's host under another scheme", "http://canteen.school.zm/"],
    ["this site's host on another port", "https://canteen.school.zm:8443/"],
    ["a look-alike host", "https://canteen.school.zm.evil.example/"],
    ["user info before another host", "https://canteen.school.zm@evil.example/"],
    ["javascript:", "javascript:alert(document.cookie)"],
    ["JavaScript: in capitals", "JaVaScRiPt:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["dot segments that normalize to //", "/.//evil.example"],
    ["parent segments that normalize to //", "/a/..//evil.example"],
    ["encoded dot segments that normalize to //", "/%2e%2e//evil.example"],
    ["an empty value", ""],
  ])("refuses %s", (_label, value) => {
    expect(safeReturnPath(value, APP_URL)).toBeUndefined();
  });

  it("refuses a parameter given twice and a missing one", () => {
    expect(safeReturnPath(["/", "/?tab=orders"], APP_URL)).toBeUndefined();
    expect(safeReturnPath(undefined, APP_URL)).toBeUndefined();
  });

  it.each([
    ["/", "/"],
    ["/?tab=orders", "/?tab=orders"],
    ["/settings#password", "/settings#password"],
    // Encoded slashes stay encoded: a path segment on this site, never a host.
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/a/../?tab=orders", "/?tab=orders"],
    ["https://canteen.school.zm/?tab=orders", "/?tab=orders"],
    ["/caf\u00e9 menu", "/caf%C3%A9%20menu"],
  ])("hands on %j as the path %j", (value, path) => {
    expect(safeReturnPath(value, APP_URL)).toBe(path);
  });
});
