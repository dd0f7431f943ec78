import { beforeAll, describe, expect, it } from "@jest/globals";
import * as login from "@/app/api/login/route";
import { getDb } from "@/lib/db";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import { forgetSchools } from "@/lib/schools/resolve-school";
import { Browser } from "@/tests/support/http";

// The route wrapper's Origin check on a write, with no proxy trusted (TRUSTED_PROXY_HOPS=0) and
// APP_URL http://localhost:3000 (tests/support/server-env.ts). A refused request answers 403; one
// that passes reaches the handler, which turns the unknown account away with 401.

const attempt = (headers: Record<string, string>) =>
  new Browser().call(login.POST, "POST", "/api/login", {
    body: { username: "nobody.here", password: "not-the-password" },
    headers,
  });

// The default school also answers at 127.0.0.1:3000 (issue 45: a host no school claims is 404).
beforeAll(async () => {
  const db = await getDb();
  await db.schoolHost.create({ data: { host: "127.0.0.1:3000", ownerId: DEFAULT_SCHOOL_ID } });
  forgetSchools();
});

describe("the Origin of a state-changing request", () => {
  it("passes when it is the app's own origin", async () => {
    expect((await attempt({ origin: "http://localhost:3000" })).status).toBe(401);
  });

  it("passes when it is the address the request was sent to (the server by another name)", async () => {
    const answer = await attempt({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" });
    expect(answer.status).toBe(401);
    // An address no school claims reaches no handler, whatever its Origin (issue 45).
    const nowhere = await attempt({ origin: "http://127.0.0.2:3000", host: "127.0.0.2:3000" });
    expect(nowhere.status).toBe(404);
  });

  it("is not vouched for by X-Forwarded-Host when no proxy is trusted", async () => {
    const answer = await attempt({
      origin: "https://evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ message: "Cross-site request refused" });
  });

  it("is refused with another scheme than the app's", async () => {
    expect((await attempt({ origin: "https://localhost:3000" })).status).toBe(403);
  });

  it("is refused with another port than the app's", async () => {
    expect((await attempt({ origin: "http://localhost:4000" })).status).toBe(403);
    expect((await attempt({ origin: "http://localhost" })).status).toBe(403);
  });

  it("is refused when it is opaque (a sandboxed frame or a redirect sends null)", async () => {
    expect((await attempt({ origin: "null" })).status).toBe(403);
  });
});
