import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { sealData } from "iron-session";
import { unsealSessionCookie } from "@/lib/auth/unseal-cookie";

// The per-process memo of unsealed session cookies (issue 8): a hit must answer exactly what
// unsealing would, so a tampered, foreign or expired seal is refused however often it is sent.

const SECRET = "s".repeat(40);
const OTHER_SECRET = "o".repeat(40);
const session = { sid: "row-id-1", uid: 7, role: "parent" as const };

describe("unsealSessionCookie", () => {
  it("answers the sealed ids, the same on a second read", async () => {
    const sealed = await sealData(session, { password: SECRET, ttl: 60 });
    expect(await unsealSessionCookie(sealed, SECRET)).toEqual(session);
    expect(await unsealSessionCookie(sealed, SECRET)).toEqual(session);
  });

  it("refuses a seal whose text was changed, or made with another secret", async () => {
    const sealed = await sealData(session, { password: SECRET, ttl: 60 });
    await unsealSessionCookie(sealed, SECRET);
    const parts = sealed.split("*");
    parts[4] = `A${parts[4]?.slice(1)}`;
    expect(await unsealSessionCookie(parts.join("*"), SECRET)).toEqual({});
    expect(await unsealSessionCookie(sealed, OTHER_SECRET)).toEqual({});
    const foreign = await sealData(session, { password: OTHER_SECRET, ttl: 60 });
    expect(await unsealSessionCookie(foreign, SECRET)).toEqual({});
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("stops answering once the seal has expired, even after it was read", async () => {
    // Sealed and read two hours ago with a one-hour life: long past iron's minute of clock skew.
    const now = Date.now();
    const clock = jest.spyOn(Date, "now").mockReturnValue(now - 2 * 3600_000);
    const sealed = await sealData(session, { password: SECRET, ttl: 3600 });
    expect(await unsealSessionCookie(sealed, SECRET)).toEqual(session);
    clock.mockReturnValue(now);
    expect(await unsealSessionCookie(sealed, SECRET)).toEqual({});
  });
});
