// Broken copies of a real session seal (issue 14), for the unit, integration, property and
// production tests: what sqlmap and a curious user send. Each is one class of damage; none is a
// session, and none may cost more than a 401.
import fc from "fast-check";
import { NextRequest } from "next/server";

/** The `*`-separated part `index` of a seal (4 ciphertext, 5 expiry, 7 MAC) rewritten. */
function withPart(sealed: string, index: number, change: (part: string) => string): string {
  const parts = sealed.split("*");
  parts[index] = change(parts[index] ?? "");
  return parts.join("*");
}

function flipped(char: string | undefined): string {
  return char === "A" ? "B" : "A";
}

/** Named ways of breaking a seal, each a text that fits in a real Cookie header. */
export const TAMPERINGS: [name: string, tamper: (sealed: string) => string][] = [
  ["a character put in front (iron: wrong mac prefix)", (s) => `x${s}`],
  ["the seal's version changed", (s) => s.replace(/^Fe26\.2\*/, "Fe26.9*")],
  ["a part missing", (s) => s.split("*").slice(0, 7).join("*")],
  ["a part duplicated", (s) => s.replace("*", "**")],
  ["bad base64 in the ciphertext", (s) => withPart(s, 4, (p) => `${p}!`)],
  ["a letter of the ciphertext changed", (s) => withPart(s, 4, (p) => flipped(p[0]) + p.slice(1))],
  ["a letter of the MAC changed", (s) => withPart(s, 7, (p) => flipped(p[0]) + p.slice(1))],
  [
    "an expiry that is not a number (iron: invalid expiration)",
    (s) => withPart(s, 5, () => "soon"),
  ],
  ["the expiry moved forward", (s) => withPart(s, 5, (p) => `${p}9`)],
  ["iron-session's version suffix doubled", (s) => `${s}~2`],
  ["iron-session's version suffix followed by text", (s) => `${s}x`],
  ["iron-session's version suffix removed", (s) => s.replace(/~2$/, "")],
  ["truncated", (s) => s.slice(0, Math.floor(s.length / 2))],
  ["only the separators", () => "*******~2"],
  // Past the 4096 a browser keeps, within the 16 kB of headers Node's server accepts.
  ["absurdly long", (s) => withPart(s, 4, (p) => p + "A".repeat(5_000))],
];

/** Characters a Cookie header can carry (no controls; `;` and `%` included: the parser sees them). */
const cookieChar = fc
  .integer({ min: 0x21, max: 0xff })
  .filter((code) => code < 0x7f || code > 0x9f)
  .map((code) => String.fromCharCode(code));

/**
 * Mutations of a real seal: insert, delete or replace a character, change the version, truncate,
 * duplicate a part, append text, the named tamperings, and arbitrary text. Never the seal itself.
 */
export function mutatedSeal(sealed: string): fc.Arbitrary<string> {
  const at = fc.nat({ max: sealed.length - 1 });
  const parts = sealed.split("*");
  return fc
    .oneof(
      fc
        .tuple(fc.nat({ max: sealed.length }), cookieChar)
        .map(([i, c]) => sealed.slice(0, i) + c + sealed.slice(i)),
      at.map((i) => sealed.slice(0, i) + sealed.slice(i + 1)),
      fc.tuple(at, cookieChar).map(([i, c]) => sealed.slice(0, i) + c + sealed.slice(i + 1)),
      fc
        .constantFrom("Fe26.1", "Fe26.3", "Fe26.9", "Fe27.2", "fe26.2", "Fe26.2 ", "")
        .map((prefix) => prefix + sealed.slice("Fe26.2".length)),
      fc.nat({ max: sealed.length - 1 }).map((n) => sealed.slice(0, n)),
      fc
        .nat({ max: parts.length - 1 })
        .map((i) => [...parts.slice(0, i + 1), ...parts.slice(i)].join("*")),
      fc.string({ unit: cookieChar, minLength: 1, maxLength: 20 }).map((tail) => sealed + tail),
      fc.constantFrom(...TAMPERINGS.map(([, tamper]) => tamper(sealed))),
      fc.string({ unit: cookieChar, maxLength: 400 }),
      fc.string({ unit: cookieChar, minLength: 4_000, maxLength: 6_000 }),
    )
    .filter((text) => text !== sealed);
}

/**
 * The value a server reads for `name` from this Cookie header (Next's own parser). A mutation that
 * reads back as the original seal (`<seal>;` is the same cookie) is no mutation at all.
 */
export function cookieAsRead(name: string, value: string): string | undefined {
  const req = new NextRequest("http://localhost/", { headers: { cookie: `${name}=${value}` } });
  return req.cookies.get(name)?.value;
}
