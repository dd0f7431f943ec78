import { describe, expect, it } from "@jest/globals";
import * as verifyEmail from "@/app/api/auth/verify-email/route";
import * as forgot from "@/app/api/auth/forgot-password/route";
import * as profile from "@/app/api/profile/route";
import * as register from "@/app/api/register/route";
import * as user from "@/app/api/user/route";
import { SHOP_NAME } from "@/lib/brand";
import { key, testDb } from "@/tests/support/school";
import { signedUpParent, uniqueName } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";

// Issue 43, Medium 2: with a stolen cookie, PUT /api/profile changed the e-mail address without the
// password, and forgot-password then mailed a temporary password to the new address. Low 3: every
// change and sign-up queued a confirmation mail greeting the account's name, without limit.

const PASSWORD = "parent-pass";
const CONFIRM = "Confirm your e-mail address";
let address = 20;
const nextAddress = () => `203.0.113.${address++}`;

async function mails(to: string, subject?: string) {
  const db = await testDb();
  return db.emailOutbox.findMany({
    where: { to, ...(subject ? { subject } : {}) },
    orderBy: { id: "asc" },
  });
}

async function account(id: number) {
  const db = await testDb();
  return db.user.findUniqueOrThrow({
    where: key(id),
    select: { email: true, pendingEmail: true, emailVerifiedAt: true },
  });
}

const put = (browser: Browser, body: Record<string, unknown>) =>
  browser.call(profile.PUT, "PUT", "/api/profile", { body });

async function followLink(to: string) {
  const sent = (await mails(to, CONFIRM)).at(-1);
  const link = new URL(/(http\S+)/.exec(sent?.text ?? "")![1]!);
  const answer = await new Browser().call(verifyEmail.GET, "GET", link.pathname + link.search);
  return answer.headers.get("location") ?? "";
}

async function forgotPassword(identifier: string) {
  const answer = await new Browser(nextAddress()).call(
    forgot.POST,
    "POST",
    "/api/auth/forgot-password",
    { body: { identifier } },
  );
  expect(answer.status).toBe(200);
}

describe("changing the e-mail address in Profile Settings", () => {
  it("refuses a new address without the current password, or with a wrong one, and changes nothing", async () => {
    const victim = await signedUpParent();
    const attacker = `${uniqueName("attacker")}@evil.test`;
    for (const extra of [{}, { currentPassword: "not-it" }]) {
      const answer = await put(victim.browser, { name: "Victim", email: attacker, ...extra });
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({
        message: "Current password is incorrect",
        details: { currentPassword: ["Current password is incorrect"] },
      });
    }
    expect(await account(victim.id)).toMatchObject({ email: victim.email, pendingEmail: null });
    expect(await mails(attacker)).toHaveLength(0);

    // The takeover of the pentest: the reset still goes to the victim's own address.
    await forgotPassword(victim.username);
    expect(await mails(attacker)).toHaveLength(0);
    expect(await mails(victim.email!, "Your temporary password")).toHaveLength(1);
  });

  it("with the password, keeps the old address until the new one's link is opened", async () => {
    const parent = await signedUpParent();
    const next = `${uniqueName("new")}@example.org`;
    const answer = await put(parent.browser, {
      name: "Mary",
      email: next,
      currentPassword: PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: parent.email, pendingEmail: next });
    expect(await account(parent.id)).toMatchObject({ email: parent.email, pendingEmail: next });
    expect((await parent.browser.call(user.GET, "GET", "/api/user")).body).toMatchObject({
      email: parent.email,
      pendingEmail: next,
    });

    // The new address gets the link; the old one is told, with a way to reach the school.
    const confirm = await mails(next, CONFIRM);
    expect(confirm).toHaveLength(1);
    expect(confirm[0]?.text).toContain("/api/auth/verify-email?token=");
    const notice = await mails(parent.email!, "Your e-mail address is being changed");
    expect(notice).toHaveLength(1);
    expect(notice[0]?.text).toContain(next);
    expect(notice[0]?.text).toContain(parent.username);
    expect(notice[0]?.text).toContain(SHOP_NAME);

    // Until the link is opened, resets go to the old address, and the new one names nobody.
    await forgotPassword(parent.username);
    await forgotPassword(next);
    expect(await mails(next, "Your temporary password")).toHaveLength(0);
    expect(await mails(parent.email!, "Your temporary password")).toHaveLength(1);

    expect(await followLink(next)).toContain("emailVerified=success");
    const moved = await account(parent.id);
    expect(moved).toMatchObject({ email: next, pendingEmail: null });
    expect(moved.emailVerifiedAt).not.toBeNull();
    expect((await parent.browser.call(user.GET, "GET", "/api/user")).body).toMatchObject({
      email: next,
      emailVerified: true,
      pendingEmail: null,
    });
    await forgotPassword(`${parent.username}`);
    expect(await mails(next, "Your temporary password")).toHaveLength(1);
  });

  it("a link for an address no longer pending verifies nothing", async () => {
    const parent = await signedUpParent();
    const first = `${uniqueName("first")}@example.org`;
    const second = `${uniqueName("second")}@example.org`;
    for (const email of [first, second]) {
      expect(
        (await put(parent.browser, { name: "M", email, currentPassword: PASSWORD })).status,
      ).toBe(200);
    }
    expect(await followLink(first)).toContain("emailVerified=error");
    expect(await account(parent.id)).toMatchObject({ email: parent.email, pendingEmail: second });
    expect(await followLink(second)).toContain("emailVerified=success");
    expect(await account(parent.id)).toMatchObject({ email: second, pendingEmail: null });
  });

  it("keeps a pending address when only the name changes, with no password asked", async () => {
    const parent = await signedUpParent();
    const next = `${uniqueName("new")}@example.org`;
    await put(parent.browser, { name: "M", email: next, currentPassword: PASSWORD });
    const answer = await put(parent.browser, { name: "Mary B", email: parent.email });
    expect(answer.status).toBe(200);
    expect(await account(parent.id)).toMatchObject({ email: parent.email, pendingEmail: next });
  });

  it("a first address needs the password too, and is the account's at once, unconfirmed", async () => {
    const parent = await signedUpParent({ email: null });
    const first = `${uniqueName("first")}@example.org`;
    expect((await put(parent.browser, { name: "M", email: first })).status).toBe(422);
    expect(await account(parent.id)).toMatchObject({ email: null, pendingEmail: null });

    const answer = await put(parent.browser, {
      name: "M",
      email: first,
      currentPassword: PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(await account(parent.id)).toMatchObject({
      email: first,
      pendingEmail: null,
      emailVerifiedAt: null,
    });
    expect(await mails(first, CONFIRM)).toHaveLength(1);
    expect(await followLink(first)).toContain("emailVerified=success");
  });

  it("removing the address needs the password and tells the removed address", async () => {
    const parent = await signedUpParent();
    expect((await put(parent.browser, { name: "M", email: "" })).status).toBe(422);
    expect(await account(parent.id)).toMatchObject({ email: parent.email });

    const answer = await put(parent.browser, { name: "M", email: "", currentPassword: PASSWORD });
    expect(answer.status).toBe(200);
    expect(await account(parent.id)).toMatchObject({ email: null, pendingEmail: null });
    expect(await mails(parent.email!, "Your e-mail address was removed")).toHaveLength(1);
  });

  it("a link opened after the account was deleted verifies nothing", async () => {
    const parent = await signedUpParent();
    const next = `${uniqueName("new")}@example.org`;
    await put(parent.browser, { name: "M", email: next, currentPassword: PASSWORD });
    const db = await testDb();
    await db.user.update({ where: key(parent.id), data: { deletedAt: new Date() } });
    expect(await followLink(next)).toContain("emailVerified=error");
    expect(await account(parent.id)).toMatchObject({ email: parent.email });
  });
});

describe("confirmation mails (issue 43, Low 3)", () => {
  it("greet nobody by name, whatever the sign-up typed", async () => {
    const email = `${uniqueName("greet")}@example.org`;
    const name = "URGENT: pay at http://evil.example";
    const answer = await new Browser(nextAddress()).call(register.POST, "POST", "/api/register", {
      body: { username: uniqueName("greet"), password: PASSWORD, name, email },
    });
    expect(answer.status).toBe(200);
    const [mail] = await mails(email, CONFIRM);
    expect(mail?.text.startsWith("Hello,\n\n")).toBe(true);
    expect(mail?.text).not.toContain("URGENT");
    expect(mail?.text).not.toContain("evil.example");
  });

  it("go to one address at most 3 times a day: the 4th sign-up is made, without a mail", async () => {
    const shared = `${uniqueName("shared")}@example.org`;
    const signUps = [];
    for (let i = 0; i < 4; i++) {
      signUps.push(
        await new Browser(nextAddress()).call(register.POST, "POST", "/api/register", {
          body: { username: uniqueName("same"), password: PASSWORD, name: "S", email: shared },
        }),
      );
    }
    expect(signUps.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await mails(shared, CONFIRM)).toHaveLength(3);

    // A profile change to that address is refused now, and saves nothing.
    const parent = await signedUpParent();
    const refused = await put(parent.browser, {
      name: "M",
      email: shared,
      currentPassword: PASSWORD,
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await account(parent.id)).toMatchObject({ email: parent.email, pendingEmail: null });
    expect(await mails(shared, CONFIRM)).toHaveLength(3);
  });

  it("go out at most 5 times a day for one account: the 6th change is refused with 429", async () => {
    const parent = await signedUpParent({ email: null });
    const addresses = Array.from({ length: 6 }, () => `${uniqueName("many")}@example.org`);
    const statuses = [];
    for (const email of addresses) {
      statuses.push(
        (await put(parent.browser, { name: "M", email, currentPassword: PASSWORD })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const last = await put(parent.browser, {
      name: "M",
      email: addresses[5],
      currentPassword: PASSWORD,
    });
    expect(last.body).toMatchObject({
      message:
        "Too many confirmation e-mails for this account or address. Please try again tomorrow.",
    });
    expect(await account(parent.id)).toMatchObject({ pendingEmail: addresses[4] });
    expect(await mails(addresses[5]!)).toHaveLength(0);
  });
});
