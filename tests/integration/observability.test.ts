import { afterEach, beforeEach, describe, expect, it } from "@jest/globals";
import { Writable } from "node:stream";
import * as login from "@/app/api/login/route";
import * as register from "@/app/api/register/route";
import { log, setLogSink } from "@/lib/observability/log";
import {
  requestFinished,
  requestStarted,
  startDraining,
  waitForIdle,
} from "@/lib/observability/lifecycle";
import { Browser } from "@/tests/support/http";

// Structured logs (issue 7): JSON lines carrying the request id, and no secret in any line.

let lines: string[] = [];

beforeEach(() => {
  lines = [];
  setLogSink(
    new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
        done();
      },
    }),
  );
  log.level = "info";
});

afterEach(() => {
  setLogSink(null);
  log.level = "silent";
});

const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe("request logs", () => {
  it("writes one JSON line per API request carrying the id the answer names", async () => {
    const answer = await new Browser().call(login.POST, "POST", "/api/login", { body: {} });
    const requestId = answer.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const [line] = records().filter((r) => r.msg === "request");
    expect(line).toMatchObject({
      level: "info",
      requestId,
      method: "POST",
      path: "/api/login",
      status: 422,
    });
    expect(typeof line?.ms).toBe("number");
  });

  it("keeps a well-formed request id given by the load balancer and replaces a hostile one", async () => {
    const kept = await new Browser().call(login.POST, "POST", "/api/login", {
      body: {},
      headers: { "x-request-id": "lb-12345678" },
    });
    expect(kept.headers.get("x-request-id")).toBe("lb-12345678");
    const replaced = await new Browser().call(login.POST, "POST", "/api/login", {
      body: {},
      headers: { "x-request-id": '"><script> {"level":"fatal"}' },
    });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("never writes a password, hash or cookie, through sign-up, a failed and a good sign-in", async () => {
    const browser = new Browser();
    const password = "Very-Secret-Pass-42";
    await browser.call(register.POST, "POST", "/api/register", {
      body: { username: "logcheck", password, name: "Log Check", email: "" },
    });
    await browser.call(login.POST, "POST", "/api/login", {
      body: { username: "logcheck", password: "wrong-password-1" },
    });
    const good = await browser.call(login.POST, "POST", "/api/login", {
      body: { username: "logcheck", password },
    });
    expect(good.status).toBe(200);
    const cookie = [...browser.jar.values()][0]!;
    const all = lines.join("\n");
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(all).not.toContain(password);
    expect(all).not.toContain("wrong-password-1");
    expect(all).not.toContain(cookie);
    expect(all).not.toContain("$argon2");
  });

  it("censors secret fields wherever a caller passes them", () => {
    log.info(
      { body: { password: "p4ss", user: { passwordHash: "$argon2id$x" } }, cookie: "c" },
      "x",
    );
    const [line] = records();
    expect(JSON.stringify(line)).not.toMatch(/p4ss|argon2id|"c"/);
    expect(line).toMatchObject({ body: { password: "[redacted]" }, cookie: "[redacted]" });
  });
});

describe("graceful shutdown bookkeeping", () => {
  it("waits for the requests in flight, and gives up after the time limit", async () => {
    requestStarted();
    let idle: boolean | undefined;
    const waiting = waitForIdle(5_000).then((value) => (idle = value));
    await new Promise((r) => setTimeout(r, 20));
    expect(idle).toBeUndefined();
    requestFinished();
    await waiting;
    expect(idle).toBe(true);

    requestStarted();
    expect(await waitForIdle(30)).toBe(false);
    requestFinished();
  });

  it("answers not ready once draining starts", async () => {
    const ready = await import("@/app/api/health/ready/route");
    expect((await new Browser().call(ready.GET, "GET", "/api/health/ready")).status).toBe(200);
    startDraining();
    const answer = await new Browser().call(ready.GET, "GET", "/api/health/ready");
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: "unavailable", reason: "shutting down" });
  });
});
