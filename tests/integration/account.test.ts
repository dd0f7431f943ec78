import { describe, expect, it } from "@jest/globals";
import * as convert from "@/app/api/user/convert-to-teacher/route";
import * as login from "@/app/api/login/route";
import * as profile from "@/app/api/profile/route";
import * as register from "@/app/api/register/route";
import * as user from "@/app/api/user/route";
import { testDb } from "@/tests/support/school";
import { Browser } from "@/tests/support/http";

let counter = 0;

async function signedUp(extra: Record<string, unknown> = {}) {
  const browser = new Browser();
  const account = {
    username: `acct${++counter}`,
    password: "first-pass",
    name: "Mary Banda",
    ...extra,
  };
  expect(
    (await browser.call(register.POST, "POST", "/api/register", { body: account })).status,
  ).toBe(200);
  return { browser, account };
}

describe("PUT /api/profile", () => {
  it("saves name, e-mail and phone (a first e-mail address with the current password)", async () => {
    const { browser, account } = await signedUp();
    const answer = await browser.call(profile.PUT, "PUT", "/api/profile", {
      body: {
        name: "  Mary B. ",
        email: "mary@example.com",
        phone: "+260 97 000",
        currentPassword: account.password,
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      name: "Mary B.",
      email: "mary@example.com",
      phone: "+260 97 000",
    });
    const me = await browser.call(user.GET, "GET", "/api/user");
    expect(me.body).toMatchObject({
      name: "Mary B.",
      email: "mary@example.com",
      emailVerified: false,
      orderReminders: true,
    });
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{ email: "nope" }, "Please enter a valid email address"],
    [
      { newPassword: "another-pass", confirmPassword: "different", currentPassword: "first-pass" },
      "Password confirmation doesn't match or current password is required",
    ],
    [
      { newPassword: "another-pass", confirmPassword: "another-pass" },
      "Password confirmation doesn't match or current password is required",
    ],
  ])("refuses %j with the spec's message and changes nothing", async (change, message) => {
    const { browser } = await signedUp();
    const answer = await browser.call(profile.PUT, "PUT", "/api/profile", {
      body: { name: "Mary Banda", ...change },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message });
    const me = await browser.call(user.GET, "GET", "/api/user");
    expect(me.body).toMatchObject({ name: "Mary Banda" });
  });

  it("turns order reminders off and on again, and leaves them alone when not sent", async () => {
    const { browser } = await signedUp();
    const put = (body: Record<string, unknown>) =>
      browser.call(profile.PUT, "PUT", "/api/profile", { body: { name: "Mary Banda", ...body } });
    const me = async () => (await browser.call(user.GET, "GET", "/api/user")).body;
    expect(await me()).toMatchObject({ orderReminders: true });
    const off = await put({ orderReminders: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ orderReminders: false });
    expect(await me()).toMatchObject({ orderReminders: false });
    expect((await put({})).status).toBe(200);
    expect(await me()).toMatchObject({ orderReminders: false });
    expect((await put({ orderReminders: true })).status).toBe(200);
    expect(await me()).toMatchObject({ orderReminders: true });
  });

  it("refuses order reminders that are not true or false, and changes nothing", async () => {
    const { browser } = await signedUp();
    const answer = await browser.call(profile.PUT, "PUT", "/api/profile", {
      body: { name: "Someone Else", orderReminders: "no" },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: "Order reminders must be on or off" });
    const me = await browser.call(user.GET, "GET", "/api/user");
    expect(me.body).toMatchObject({ name: "Mary Banda", orderReminders: true });
  });

  it("refuses a wrong current password", async () => {
    const { browser, account } = await signedUp();
    const answer = await browser.call(profile.PUT, "PUT", "/api/profile", {
      body: {
        name: "M",
        currentPassword: "not-it",
        newPassword: "new-pass-1",
        confirmPassword: "new-pass-1",
      },
    });
    expect(answer.status).toBe(422);
    const again = await new Browser().call(login.POST, "POST", "/api/login", { body: account });
    expect(again.status).toBe(200);
  });

  it("changes the password, ends every other session and keeps this browser signed in", async () => {
    const { browser, account } = await signedUp();
    const otherDevice = new Browser();
    await otherDevice.call(login.POST, "POST", "/api/login", { body: account });
    const oldCookie = browser.clone();

    const answer = await browser.call(profile.PUT, "PUT", "/api/profile", {
      body: {
        name: account.name,
        currentPassword: account.password,
        newPassword: "second-pass",
        confirmPassword: "second-pass",
      },
    });
    expect(answer.status).toBe(200);
    expect((await browser.call(user.GET, "GET", "/api/user")).status).toBe(200);
    expect((await otherDevice.call(user.GET, "GET", "/api/user")).status).toBe(401);
    expect((await oldCookie.call(user.GET, "GET", "/api/user")).status).toBe(401);

    const withOld = await new Browser("192.0.2.7").call(login.POST, "POST", "/api/login", {
      body: account,
    });
    expect(withOld.status).toBe(401);
    const withNew = await new Browser("192.0.2.8").call(login.POST, "POST", "/api/login", {
      body: { username: account.username, password: "second-pass" },
    });
    expect(withNew.status).toBe(200);
  });

  it("answers 401 when signed out", async () => {
    const answer = await new Browser().call(profile.PUT, "PUT", "/api/profile", {
      body: { name: "X" },
    });
    expect(answer.status).toBe(401);
  });
});

describe("POST /api/user/convert-to-teacher", () => {
  it("makes the account a teacher with a staff record and ends its sessions", async () => {
    const { browser, account } = await signedUp();
    const stolen = browser.clone();
    const answer = await browser.call(convert.POST, "POST", "/api/user/convert-to-teacher");
    expect(answer.status).toBe(200);
    expect((await browser.call(user.GET, "GET", "/api/user")).status).toBe(401);
    expect((await stolen.call(user.GET, "GET", "/api/user")).status).toBe(401);

    const again = new Browser();
    const signedIn = await again.call(login.POST, "POST", "/api/login", { body: account });
    expect(signedIn.body).toMatchObject({ role: "teacher" });
    const db = await testDb();
    const staff = await db.student.findMany({
      where: { parent: { usernameKey: account.username }, grade: "teacher" },
    });
    expect(staff).toHaveLength(1);
    expect(staff[0]?.name).toBe("Mary Banda");

    const twice = await again.call(convert.POST, "POST", "/api/user/convert-to-teacher");
    expect(twice.status).toBe(409);
  });

  it("makes one staff record when two conversions race", async () => {
    const { browser, account } = await signedUp();
    const other = new Browser();
    await other.call(login.POST, "POST", "/api/login", { body: account });
    const answers = await Promise.all([
      browser.call(convert.POST, "POST", "/api/user/convert-to-teacher"),
      other.call(convert.POST, "POST", "/api/user/convert-to-teacher"),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, expect.any(Number)]);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    const db = await testDb();
    const staff = await db.student.count({
      where: { parent: { usernameKey: account.username }, grade: "teacher" },
    });
    expect(staff).toBe(1);
  });

  it("refuses an admin account", async () => {
    const admin = new Browser();
    await admin.call(login.POST, "POST", "/api/login", {
      body: { username: "superadmin", password: process.env.SEED_SUPERADMIN_PASSWORD },
    });
    const answer = await admin.call(convert.POST, "POST", "/api/user/convert-to-teacher");
    expect(answer.status).toBe(409);
    expect((await admin.call(user.GET, "GET", "/api/user")).body).toMatchObject({ role: "admin" });
  });
});
