import { describe, expect, it } from "@jest/globals";
import * as forgot from "@/app/api/auth/forgot-password/route";
import * as login from "@/app/api/login/route";
import * as register from "@/app/api/register/route";
import { ACCOUNT_DELAY_AFTER, ACCOUNT_DELAY_MAX_MS, accountDelayMs } from "@/lib/users/sign-in";
import { uniqueName } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { alternatingMedians } from "@/tests/support/timing";

// Issue 22 §4 and §8: failed sign-ins lock out an address, never the account for everyone; a guess
// spread over many addresses is slowed, not locked; a pending temporary password does not show in
// the sign-in's time; a taken username cannot be probed without limit.

async function signUp(address = "198.18.0.1") {
  const account = { username: uniqueName("limits"), password: "right-pass", name: "Owner" };
  const answer = await new Browser(address).call(register.POST, "POST", "/api/register", {
    body: { ...account, email: `${account.username}@example.com` },
  });
  expect(answer.status).toBe(200);
  return account;
}

const attempt = (address: string, username: string, password: string) =>
  new Browser(address).call(login.POST, "POST", "/api/login", { body: { username, password } });

async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await call();
  return { ms: performance.now() - started, value };
}

describe("failed sign-ins", () => {
  it("ten failures from one address lock that address out of the account, not the owner elsewhere", async () => {
    const account = await signUp();
    for (let i = 0; i < 10; i++) {
      expect((await attempt("198.18.1.1", account.username, `wrong-${i}`)).status).toBe(401);
    }
    const attacker = await attempt("198.18.1.1", account.username, account.password);
    expect(attacker.status).toBe(429);
    expect(Number(attacker.headers.get("retry-after"))).toBeGreaterThan(0);

    const owner = await attempt("198.18.1.2", account.username, account.password);
    expect(owner.status).toBe(200);
  });

  it("a guess spread over many addresses is slowed by a growing delay, and the owner still gets in", async () => {
    const account = await signUp();
    const failures = ACCOUNT_DELAY_AFTER + 2;
    for (let i = 0; i < failures; i++) {
      expect((await attempt(`198.18.2.${i}`, account.username, `wrong-${i}`)).status).toBe(401);
    }
    const slowed = await timed(() => attempt("198.18.2.200", account.username, "wrong-again"));
    expect(slowed.value.status).toBe(401);
    expect(slowed.ms).toBeGreaterThanOrEqual(accountDelayMs(failures) - 5);

    const owner = await timed(() => attempt("198.18.2.201", account.username, account.password));
    expect(owner.value.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(accountDelayMs(failures + 1) - 5);
  }, 30_000);

  it("the delay grows with each failure past the threshold and is capped", () => {
    expect(accountDelayMs(ACCOUNT_DELAY_AFTER - 1)).toBe(0);
    const delays = Array.from({ length: 12 }, (_, i) => accountDelayMs(ACCOUNT_DELAY_AFTER + i));
    expect(delays[0]).toBeGreaterThan(0);
    for (let i = 1; i < delays.length; i++)
      expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    expect(Math.max(...delays)).toBe(ACCOUNT_DELAY_MAX_MS);
    expect(accountDelayMs(10_000)).toBe(ACCOUNT_DELAY_MAX_MS);
  });
});

describe("sign-in time with a pending temporary password", () => {
  it("a wrong password takes as long whether or not a temporary password is pending", async () => {
    // Two accounts of each kind taking turns: ten failures on one account start its delay.
    const plain = await Promise.all([signUp(), signUp()]);
    const pending = await Promise.all([signUp(), signUp()]);
    for (const [n, account] of pending.entries()) {
      const reset = await new Browser(`198.18.3.${1 + n}`).call(
        forgot.POST,
        "POST",
        "/api/auth/forgot-password",
        { body: { identifier: account.username } },
      );
      expect(reset.status).toBe(200);
    }
    const fails = async (address: string, username: string, password: string) =>
      expect((await attempt(address, username, password)).status).toBe(401);
    const { a: without, b: withPending } = await alternatingMedians(
      15,
      "cpu",
      (i) => fails(`198.18.3.${10 + i}`, plain[i % 2]!.username, `wrong-${i}`),
      (i) => fails(`198.18.3.${30 + i}`, pending[i % 2]!.username, `wrong-${i}`),
    );
    expect(withPending / without).toBeGreaterThan(0.75);
    expect(withPending / without).toBeLessThan(1.33);
  });
});

describe("failed sign-ups", () => {
  it("probing taken usernames from one address meets 429; successful sign-ups from it do not", async () => {
    const address = "198.18.4.1";
    for (let i = 0; i < 12; i++) await signUp(address);
    const taken = await signUp("198.18.4.2");
    for (let i = 0; i < 10; i++) {
      const probe = await new Browser(address).call(register.POST, "POST", "/api/register", {
        body: { ...taken, username: taken.username },
      });
      expect(probe.status).toBe(409);
    }
    const limited = await new Browser(address).call(register.POST, "POST", "/api/register", {
      body: { ...taken, username: taken.username },
    });
    expect(limited.status).toBe(429);
    // Another address may still sign up.
    await signUp("198.18.4.3");
  });
});
