import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { Writable } from "node:stream";
import { sealData } from "iron-session";
import { MAX_SEALED_LENGTH, unsealSessionCookie } from "@/lib/auth/unseal-cookie";
import { log, setLogSink } from "@/lib/observability/log";
import { TAMPERINGS } from "@/tests/support/tampered-seals";

// The per-process memo of unsealed session cookies (issue 8): a hit must answer exactly what
// unsealing would, so a tampered, foreign or expired seal is refused however often it is sent.
// And a cookie is hostile text (issue 14): every broken seal is `{}`, never an exception (which
// became a 500), refused before any crypto when it is not even iron's shape, and logged without
// its value.

const SECRET = "s".repeat(40);
const OTHER_SECRET = "o".repeat(40);
const session = { sid: "row-id-1", uid: 7, role: "parent" as const };

let lines: Record<string, unknown>[] = [];

beforeEach(() => {
  lines = [];
  setLogSink(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
          lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    }),
  );
  log.level = "info";
});

afterEach(() => {
  setLogSink(null);
  log.level = "silent";
  jest.restoreAllMocks();
});

/** A fresh seal each time, so no test is answered from another test's memo. */
const seal = (data: object = session, secret = SECRET, ttl = 3600) =>
  sealData(data, { password: secret, ttl });

describe("unsealSessionCookie", () => {
  it("answers the sealed ids, the same on a second read", async () => {
    const sealed = await seal();
    expect(await unsealSessionCookie(sealed, SECRET)).toEqual(session);
    expect(await unsealSessionCookie(sealed, SECRET)).toEqual(session);
  });

  it("refuses a seal whose text was changed, or made with another secret", async () => {
    const sealed = await seal();
    await unsealSessionCookie(sealed, SECRET);
    const parts = sealed.split("*");
    // One letter of the ciphertext, always a different one.
    parts[4] = `${parts[4]?.startsWith("A") ? "B" : "A"}${parts[4]?.slice(1)}`;
    expect(await unsealSessionCookie(parts.join("*"), SECRET)).toEqual({});
    expect(await unsealSessionCookie(sealed, OTHER_SECRET)).toEqual({});
    const foreign = await seal(session, OTHER_SECRET);
    expect(await unsealSessionCookie(foreign, SECRET)).toEqual({});
  });

  it("stops answering once the seal has expired, even after it was read", async () => {
    // Sealed and read two hours ago with a one-hour life: long past iron's minute of clock skew.
    const now = Date.now();
    const clock = jest.spyOn(Date, "now").mockReturnValue(now - 2 * 3600_000);
    const sealed = await seal();
    expect(await unsealSessionCookie(sealed, SECRET)).toEqual(session);
    clock.mockReturnValue(now);
    expect(await unsealSessionCookie(sealed, SECRET)).toEqual({});
  });
});

describe("a broken seal is no session, and never an exception", () => {
  const broken: [string, (sealed: string) => string | Promise<string>][] = [
    ...TAMPERINGS,
    ["empty", () => ""],
    ["another seal of ours that holds no session", () => seal({ uid: 7, email: "a@b.c" })],
  ];

  it.each(broken)("%s", async (_name, breakIt) => {
    const text = await breakIt(await seal());
    await expect(unsealSessionCookie(text, SECRET)).resolves.toEqual({});
  });

  it("logs one info line per refused text, with the reason and length but not the text", async () => {
    const sealed = await seal();
    const text = `x${sealed}`;
    await unsealSessionCookie(text, SECRET);
    // The proxy and the page read the same cookie in one request: still one line.
    await unsealSessionCookie(text, SECRET);
    const refusals = lines.filter((line) => line.msg === "session cookie refused");
    expect(refusals).toEqual([
      expect.objectContaining({ level: "info", reason: "malformed", length: text.length }),
    ]);
    const written = JSON.stringify(lines);
    // Neither the text nor any part of the real seal inside it reaches the log.
    for (const part of sealed.split(/[*~]/).filter((p) => p.length > 8)) {
      expect(written).not.toContain(part);
    }
  });

  it("refuses a text that is too long or not iron's shape before any crypto", async () => {
    const importKey = jest.spyOn(globalThis.crypto.subtle, "importKey");
    const sealed = await seal();
    importKey.mockClear();
    for (const text of [
      `${sealed}${"A".repeat(MAX_SEALED_LENGTH)}`,
      `x${sealed}`,
      sealed.replace(/^Fe26\.2\*/, "Fe26.9*"),
    ]) {
      expect(await unsealSessionCookie(text, SECRET)).toEqual({});
    }
    expect(importKey).not.toHaveBeenCalled();
    expect(lines.map((line) => line.reason)).toEqual(["too-long", "malformed", "malformed"]);
  });
});
