import { describe, expect, it } from "@jest/globals";
import * as forgot from "@/app/api/auth/forgot-password/route";
import * as login from "@/app/api/login/route";
import * as register from "@/app/api/register/route";
import * as user from "@/app/api/user/route";
import { hashPassword } from "@/lib/security/password";
import { testDb } from "@/tests/support/school";
import { usernameKey } from "@/lib/validations/username";
import { uniqueName } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";

// Issue 22 §1: a forgot-password request once found every account whose username *or* e-mail
// matched the identifier, gave them all one temporary password and mailed it to every address, so
// an attacker whose username was the victim's e-mail received the victim's secret.

let address = 10;
const nextAddress = () => `203.0.113.${address++}`;

async function signUp(username: string, email: string) {
  const answer = await new Browser(nextAddress()).call(register.POST, "POST", "/api/register", {
    body: { username, password: "secret-pass", name: "Account Holder", email },
  });
  return answer;
}

async function mailsTo(email: string) {
  const db = await testDb();
  return db.emailOutbox.findMany({
    where: { to: email, subject: "Your temporary password" },
    orderBy: { id: "asc" },
  });
}

const secretIn = (text: string) => /Temporary password: (\S+)/.exec(text)?.[1];

async function signIn(username: string, password: string) {
  const browser = new Browser(nextAddress());
  const answer = await browser.call(login.POST, "POST", "/api/login", {
    body: { username, password },
  });
  const me = answer.status === 200 ? await browser.call(user.GET, "GET", "/api/user") : null;
  return { status: answer.status, username: me?.body.username };
}

describe("forgot-password never hands one account's secret to another", () => {
  it("an account whose username is the victim's e-mail receives nothing that opens the victim's account", async () => {
    const victimName = uniqueName("victim");
    const victimEmail = `${victimName}@example.com`;
    const attackerEmail = `${uniqueName("attacker")}@example.org`;
    expect((await signUp(victimName, victimEmail)).status).toBe(200);

    // Sign-up refuses `@` in a username now; an older row may still hold one, so put it there.
    const attempt = await signUp(victimEmail, attackerEmail);
    if (attempt.status !== 200) {
      expect(attempt.status).toBe(422);
      const db = await testDb();
      await db.user.create({
        data: {
          username: victimEmail,
          usernameKey: usernameKey(victimEmail),
          passwordHash: await hashPassword("attacker-pass"),
          name: "Attacker",
          email: attackerEmail,
          role: "parent",
        },
      });
    }

    const reset = await new Browser(nextAddress()).call(
      forgot.POST,
      "POST",
      "/api/auth/forgot-password",
      { body: { identifier: victimEmail } },
    );
    expect(reset.status).toBe(200);

    // Nothing reaches the attacker; every secret they could have got fails on the victim.
    const attackerMails = await mailsTo(attackerEmail);
    expect(attackerMails).toHaveLength(0);
    const victimMails = await mailsTo(victimEmail);
    expect(victimMails).toHaveLength(1);
    expect(victimMails[0]!.text).toContain(`"${victimName}"`);
    expect(victimMails[0]!.text).not.toContain(`"${victimEmail}"`);

    // The victim's own mail works for the victim only.
    const secret = secretIn(victimMails[0]!.text)!;
    expect(await signIn(victimEmail, secret)).toMatchObject({ status: 401 });
    expect(await signIn(victimName, secret)).toEqual({ status: 200, username: victimName });
  });

  it("an identifier without @ is a username only, even when it is also someone's e-mail local part", async () => {
    const name = uniqueName("plain");
    const email = `${name}@example.com`;
    expect((await signUp(name, email)).status).toBe(200);
    await new Browser(nextAddress()).call(forgot.POST, "POST", "/api/auth/forgot-password", {
      body: { identifier: name.toUpperCase() },
    });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("accounts sharing one e-mail each get their own secret, in a mail naming only that account", async () => {
    const email = `${uniqueName("family")}@example.com`;
    const first = uniqueName("first");
    const second = uniqueName("second");
    expect((await signUp(first, email)).status).toBe(200);
    expect((await signUp(second, email)).status).toBe(200);

    await new Browser(nextAddress()).call(forgot.POST, "POST", "/api/auth/forgot-password", {
      body: { identifier: email.toUpperCase() },
    });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const byAccount = new Map(
      mails.map((mail) => {
        const named = [first, second].filter((name) => mail.text.includes(`"${name}"`));
        expect(named).toHaveLength(1);
        return [named[0]!, secretIn(mail.text)!];
      }),
    );
    const firstSecret = byAccount.get(first)!;
    const secondSecret = byAccount.get(second)!;
    expect(firstSecret).not.toBe(secondSecret);

    expect(await signIn(second, firstSecret)).toMatchObject({ status: 401 });
    expect(await signIn(first, secondSecret)).toMatchObject({ status: 401 });
    expect(await signIn(first, firstSecret)).toEqual({ status: 200, username: first });
    expect(await signIn(second, secondSecret)).toEqual({ status: 200, username: second });
  });
});
