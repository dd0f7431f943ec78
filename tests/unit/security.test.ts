import { describe, expect, it } from "@jest/globals";
import { NextRequest } from "next/server";
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

  // Issue 22 part 9: "img-src https:" let a page load images from any host on the internet.
  it("loads images only from this site and data: URIs, in production and in development", () => {
    for (const dev of [false, true]) {
      const imgSrc = contentSecurityPolicy("abc123", { dev })
        .split("; ")
        .find((d) => d.startsWith("img-src"));
      expect(imgSrc).toBe("img-src 'self' data:");
    }
  });

  it("is what proxy.ts sets on each page, with a nonce of that request", async () => {
    const { proxy } = await import("@/proxy");
    const headersOf = async () =>
      (await proxy(new NextRequest("http://localhost:3000/?tab=orders"))).headers;
    const [first, second] = [await headersOf(), await headersOf()];
    const csp = first.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
    expect(csp).toBe(contentSecurityPolicy(nonce, { dev: false }));
    expect(csp.split("; ")).toContain("img-src 'self' data:");
    expect(second.get("content-security-policy")).not.toBe(csp);
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

  it("has no code that edits or deletes audit rows, but the erasure of a deleted account", () => {
    const offenders = files.filter((f) =>
      /auditLog\.(update|updateMany|upsert|delete|deleteMany)\b|(UPDATE|DELETE FROM)\s+"AuditLog"/.test(
        readFileSync(f, "utf8"),
      ),
    );
    expect(files.length).toBeGreaterThan(100);
    // The exceptions: deleting an account rewrites the erased values in its audit rows' details
    // (decision 0052); an admin deleting a parent outright unlinks the rows that named them as
    // actor, as ON DELETE SET NULL did before the keys named their school (decision 0073). Neither
    // deletes a row.
    expect(offenders.map((f) => path.relative(process.cwd(), f)).sort()).toEqual([
      path.join("lib", "privacy", "delete-account.ts"),
      path.join("lib", "users", "parents.ts"),
    ]);
    for (const offender of offenders) {
      expect(readFileSync(offender, "utf8")).not.toMatch(
        /auditLog\.(delete|deleteMany|upsert)\b|DELETE FROM\s+"AuditLog"/,
      );
    }
    expect(readFileSync(path.join("lib", "users", "parents.ts"), "utf8")).toMatch(
      /auditLog\.updateMany\(\{ where: \{ schoolId, actorId: userId \}, data: \{ actorId: null \} \}\)/,
    );
  });
});
