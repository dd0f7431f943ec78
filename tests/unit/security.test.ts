import { describe, expect, it } from "@jest/globals";
import { sessionCookieName, sessionOptions } from "@/lib/auth/session-cookie";
import { contentSecurityPolicy, createNonce } from "@/lib/security/csp";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

describe("content security policy", () => {
  it("allows scripts only by nonce in production, refuses framing and plugins", () => {
    const csp = contentSecurityPolicy("abc123", { dev: false });
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src"));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(scriptSrc).not.toContain("unsafe-inline");
  });

  it("makes a fresh nonce every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
  });
});

describe("session cookie", () => {
  it("is __Host- prefixed and Secure over https, httpOnly and SameSite=Lax always", () => {
    const secure = sessionOptions("x".repeat(32), true);
    expect(secure.cookieName).toBe("__Host-canteen_session");
    expect(secure.cookieOptions).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
    });
    expect(sessionCookieName(false)).toBe("canteen_session");
    expect(sessionOptions("x".repeat(32), false).cookieOptions).toMatchObject({
      secure: false,
      httpOnly: true,
    });
  });
});

describe("source guards", () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "generated" ? [] : sources(full);
      return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
    });
  const files = ["app", "components", "lib"].flatMap((dir) =>
    sources(path.join(process.cwd(), dir)),
  );

  it("never injects raw HTML: React escapes every name, comment and description", () => {
    const offenders = files.filter((f) =>
      readFileSync(f, "utf8").includes("dangerouslySetInnerHTML"),
    );
    expect(offenders).toEqual([]);
  });

  it("has no code that edits or deletes audit rows", () => {
    const offenders = files.filter((f) =>
      /auditLog\.(update|updateMany|upsert|delete|deleteMany)\b|(UPDATE|DELETE FROM)\s+"AuditLog"/.test(
        readFileSync(f, "utf8"),
      ),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
