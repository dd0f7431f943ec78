import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import * as deleteRoute from "@/app/api/account/delete/route";
import * as exportRoute from "@/app/api/account/export/route";
import * as forgot from "@/app/api/auth/forgot-password/route";
import * as contact from "@/app/api/contact/email/route";
import * as login from "@/app/api/login/route";
import * as register from "@/app/api/register/route";
import * as revenue from "@/app/api/revenue/stats/route";
import * as user from "@/app/api/user/route";
import type { AccountExport } from "@/lib/contracts/privacy";
import { key, testDb } from "@/tests/support/school";
import { addDaysIso, parseIsoDate, schoolToday } from "@/lib/school-calendar";
import { hashPassword } from "@/lib/security/password";
import { DATA_AND_MAIL_TABLES, fingerprint, tablesHolding } from "@/tests/support/db-fingerprint";
import { signedInSuperadmin, TEST_PASSWORD, uniqueName } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { directOrder, orderGround } from "@/tests/support/money-admin-fixtures";

// A family's own data (issue 26): the copy of my data and deleting my account, through the real
// route handlers on the test file's database.

type Family = Awaited<ReturnType<typeof family>>;

/** A parent with children (names and allergies given), orders, a payment and a message. */
async function family(childNames: string[], allergies: string[][] = []) {
  const db = await testDb();
  const username = uniqueName("fam.");
  const email = `${username}@example.com`;
  const phone = `+26097${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const parent = await db.user.create({
    data: {
      username,
      usernameKey: username.toLowerCase(),
      passwordHash: await hashPassword(TEST_PASSWORD),
      name: `Name ${username}`,
      email,
      phone,
    },
    select: { id: true, username: true, name: true, passwordHash: true },
  });
  const children = [];
  for (const [i, name] of childNames.entries()) {
    children.push(
      await db.student.create({
        data: {
          name,
          grade: "4",
          parentId: parent.id,
          allergies: allergies[i] ?? [],
          dietaryNotes: allergies[i]?.length ? `Notes for ${name}` : null,
          allergyConsentAt: allergies[i]?.length ? new Date() : null,
        },
        select: { id: true, name: true },
      }),
    );
  }
  const browser = new Browser(`198.18.77.${(parent.id % 200) + 1}`);
  const signedIn = await browser.call(login.POST, "POST", "/api/login", {
    body: { username, password: TEST_PASSWORD },
  });
  expect(signedIn.status).toBe(200);
  return { ...parent, email, phone, children, browser };
}

async function exportOf(browser: Browser) {
  const res = await browser.respond(exportRoute.GET, "GET", "/api/account/export");
  return { res, data: (await res.json()) as AccountExport };
}

describe("GET /api/account/export", () => {
  it("answers 401 without a session", async () => {
    const answer = await new Browser().call(exportRoute.GET, "GET", "/api/account/export");
    expect(answer.status).toBe(401);
  });

  it("downloads one JSON file named with the school's date", async () => {
    const f = await family(["Chipo Banda"]);
    const db = await testDb();
    await db.creditEntry.createMany({
      data: [
        { userId: f.id, amount: "40.00", kind: "closure", reason: "Water cut" },
        { userId: f.id, amount: "-15.50", kind: "spent" },
      ],
    });
    const { res, data } = await exportOf(f.browser);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="my-canteen-data-${schoolToday("Africa/Lusaka")}.json"`,
    );
    expect(data.profile).toMatchObject({ username: f.username, email: f.email, phone: f.phone });
    expect(data.children.map((c) => c.name)).toEqual(["Chipo Banda"]);
    expect(data.credit).toEqual({
      balance: "24.50",
      entries: [
        expect.objectContaining({ amount: "40.00", description: "School closed: Water cut" }),
        expect.objectContaining({ amount: "-15.50", kind: "spent" }),
      ],
    });
  });

  it("holds exactly the caller's data and no secret, for any families", async () => {
    const ground = await orderGround();
    const db = await testDb();
    const name = fc.stringMatching(/^[A-Z][a-z]{3,8} [A-Z][a-z]{3,8}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            children: fc.uniqueArray(name, { minLength: 1, maxLength: 3 }),
            orders: fc.integer({ min: 0, max: 3 }),
            allergic: fc.boolean(),
          }),
          { minLength: 2, maxLength: 3 },
        ),
        async (specs) => {
          const families: Family[] = [];
          for (const spec of specs) {
            const f = await family(
              spec.children.map((child) => `${child} ${uniqueName("")}`),
              spec.children.map(() => (spec.allergic ? ["Peanuts"] : [])),
            );
            for (let i = 0; i < spec.orders; i++) {
              await directOrder(ground, { id: f.id, child: f.children[0]! });
            }
            await db.temporaryPassword.create({
              data: {
                userId: f.id,
                passwordHash: await hashPassword("temp-secret"),
                expiresAt: new Date(Date.now() + 3600_000),
              },
            });
            families.push(f);
          }
          for (const [i, f] of families.entries()) {
            const { data } = await exportOf(f.browser);
            const text = JSON.stringify(data);
            expect(data.profile.id).toBe(f.id);
            expect(data.children.map((c) => c.id).sort()).toEqual(
              f.children.map((c) => c.id).sort(),
            );
            expect(data.orders).toHaveLength(specs[i]!.orders);
            expect(data.orders.every((o) => f.children.some((c) => c.id === o.studentId))).toBe(
              true,
            );
            for (const child of data.children) {
              expect(child.allergies).toEqual(specs[i]!.allergic ? ["Peanuts"] : []);
            }
            for (const other of families.filter((g) => g !== f)) {
              expect(text).not.toContain(other.username);
              for (const child of other.children) expect(text).not.toContain(child.name);
            }
            expect(text).not.toContain(f.passwordHash);
            expect(text).not.toMatch(/argon2|passwordHash|sessionId/i);
          }
        },
      ),
      { numRuns: 4 },
    );
  });
});

/** The live-order and payment blockers, each alone: 409 naming it, and nothing changed. */
describe("POST /api/account/delete refusals", () => {
  it("refuses a wrong password and counts it toward the sign-in limits", async () => {
    const f = await family(["Mwila Phiri"]);
    const before = await fingerprint(DATA_AND_MAIL_TABLES);
    const wrong = await f.browser.call(deleteRoute.POST, "POST", "/api/account/delete", {
      body: { password: "not-my-password" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ message: "Password is incorrect" });
    expect(await fingerprint(DATA_AND_MAIL_TABLES)).toBe(before);
    for (let i = 0; i < 9; i++) {
      await f.browser.call(deleteRoute.POST, "POST", "/api/account/delete", {
        body: { password: `guess-${i}` },
      });
    }
    // Ten failures from this address: the login form is closed to it as well.
    const signIn = await new Browser(f.browser.address).call(login.POST, "POST", "/api/login", {
      body: { username: f.username, password: TEST_PASSWORD },
    });
    expect(signIn.status).toBe(429);
  });

  it.each([
    ["a live order still to be served", "1 order still to be served"],
    ["a payment in progress", "a payment in progress"],
    // Issue 47: the credit is offered for withdrawal (tests/integration/wallet-withdrawals.test.ts
    // withdraws it and deletes).
    ["account credit", "account credit of K"],
  ])("refuses an account with %s, naming it, and changes nothing", async (kind, named) => {
    const db = await testDb();
    const f = await family(["Kondwani Zulu"]);
    if (kind.startsWith("a live order")) {
      const cycle = await db.orderCycle.create({
        data: {
          startDate: parseIsoDate(addDaysIso(schoolToday("Africa/Lusaka"), 7))!,
          cycleLength: 4,
        },
      });
      const item = await db.menuItem.create({ data: { name: uniqueName("Meal "), price: "40" } });
      await directOrder(
        { cycle, item },
        { id: f.id, child: f.children[0]! },
        {
          status: "completed",
          paymentStatus: "confirmed",
        },
      );
    } else if (kind === "account credit") {
      await db.creditEntry.create({
        data: { userId: f.id, amount: "12.50", kind: "adjustment", reason: "Paid in cash" },
      });
    } else {
      await db.paymentAttempt.create({
        data: {
          userId: f.id,
          transactionRef: uniqueName("REF"),
          paymentAmount: "40.00",
          cartItems: { lines: [] },
        },
      });
    }
    const before = await fingerprint(DATA_AND_MAIL_TABLES);
    const answer = await f.browser.call(deleteRoute.POST, "POST", "/api/account/delete", {
      body: { password: TEST_PASSWORD },
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message: expect.stringContaining(named) });
    if (kind === "account credit") {
      expect(answer.body).toMatchObject({
        message: expect.stringContaining("withdraw the credit"),
        withdrawable: "12.50",
      });
    } else {
      expect(answer.body).not.toHaveProperty("withdrawable");
    }
    expect(await fingerprint(DATA_AND_MAIL_TABLES)).toBe(before);
  });

  it("is for parents and teachers: an admin's account is not deleted this way", async () => {
    const admin = await signedInSuperadmin();
    const answer = await admin.call(deleteRoute.POST, "POST", "/api/account/delete", {
      body: { password: process.env.SEED_SUPERADMIN_PASSWORD },
    });
    expect(answer.status).toBe(403);
  });
});

describe("POST /api/account/delete", () => {
  it("erases every personal value, keeps the school's books, and frees the username", async () => {
    const db = await testDb();
    const ground = await orderGround();
    const f = await family(
      [`Natasha ${uniqueName("Mwale")}`, `Bupe ${uniqueName("Mwale")}`],
      [["Peanuts"]],
    );
    // Past orders (the ground's cycle is in 2030, so make one in the past) and a message.
    const past = await db.orderCycle.create({
      data: { startDate: parseIsoDate("2024-01-08")!, cycleLength: 4 },
    });
    await directOrder(
      { cycle: past, item: ground.item },
      { id: f.id, child: f.children[0]! },
      {
        status: "completed",
        paymentStatus: "confirmed",
        price: "45.00",
      },
    );
    await directOrder(
      { cycle: past, item: ground.item },
      { id: f.id, child: f.children[1]! },
      {
        status: "cancelled",
        paymentStatus: "confirmed",
      },
    );
    await db.order.updateMany({ where: { userId: f.id }, data: { comments: `For ${f.name}` } });
    // The office's notes: a credit given and spent back to zero, a refund recorded.
    await db.creditEntry.createMany({
      data: [
        { userId: f.id, amount: "5.00", kind: "adjustment", reason: `Cash from ${f.name}` },
        { userId: f.id, amount: "-5.00", kind: "adjustment", reason: "Used" },
      ],
    });
    const cancelled = await db.order.findFirstOrThrow({
      where: { userId: f.id, status: "cancelled" },
    });
    await db.orderRefund.create({
      data: { orderId: cancelled.id, method: "cash", note: `Given to ${f.children[1]!.name}` },
    });
    await db.paymentAttempt.create({
      data: {
        userId: f.id,
        transactionRef: uniqueName("REF"),
        paymentAmount: "45.00",
        transactionStatus: "verified",
        cartItems: { lines: [{ studentName: f.children[0]!.name, comments: "no onions" }] },
      },
    });
    const sent = await f.browser.call(contact.POST, "POST", "/api/contact/email", {
      body: { name: f.name, email: f.email, message: `Hello from ${f.name}` },
    });
    expect(sent.status).toBeLessThan(300);

    const admin = await signedInSuperadmin();
    const stats = (cycleId: number) =>
      admin.call(revenue.GET, "GET", "/api/revenue/stats", { query: { cycleId: String(cycleId) } });
    const revenueBefore = (await stats(past.id)).body;
    const ordersBefore = await db.order.count({ where: { userId: f.id } });

    const answer = await f.browser.call(deleteRoute.POST, "POST", "/api/account/delete", {
      body: { password: TEST_PASSWORD },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: "Your account has been deleted" });

    expect((await stats(past.id)).body).toEqual(revenueBefore);
    expect(await db.order.count({ where: { userId: f.id } })).toBe(ordersBefore);
    const farewell = await db.emailOutbox.findFirstOrThrow({
      where: { erasure: "farewell" },
      orderBy: { id: "desc" },
    });
    expect(farewell).toMatchObject({ to: f.email, subject: "Your account has been deleted" });

    // Every text column of every table, bar the farewell still waiting to be sent.
    await db.emailOutbox.delete({ where: key(farewell.id) });
    const old = [f.username, f.name, f.email, f.phone, ...f.children.map((c) => c.name)];
    const escaped = old.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    expect(
      await tablesHolding(new RegExp(escaped.join("|"), "i"), [
        ...DATA_AND_MAIL_TABLES,
        "ContactMessage",
        "CreditEntry",
        "OrderRefund",
        "Session",
        "OrderReminder",
      ]),
    ).toEqual([]);
    const children = await db.student.findMany({ where: { parentId: f.id } });
    expect(children.map((c) => [c.name, c.allergies, c.dietaryNotes])).toEqual([
      ["Deleted account", [], null],
      ["Deleted account", [], null],
    ]);

    expect((await f.browser.call(user.GET, "GET", "/api/user")).status).toBe(401);
    const again = await new Browser().call(login.POST, "POST", "/api/login", {
      body: { username: f.username, password: TEST_PASSWORD },
    });
    expect(again).toMatchObject({
      status: 401,
      body: { message: "Invalid username or password" },
    });
    const retaken = await new Browser("198.18.99.9").call(register.POST, "POST", "/api/register", {
      body: { username: f.username, password: "new-pass-1", name: "Someone Else" },
    });
    expect(retaken.status).toBe(200);
    const trail = await db.auditLog.findFirstOrThrow({
      where: { action: "account.delete", entityId: String(f.id) },
    });
    expect(trail.details).toEqual({ children: 2, ordersKept: 2 });
  });

  it("erases mail about the account whatever its address, the Contact Us copy too (issue 43)", async () => {
    const db = await testDb();
    const f = await family([`Chisomo ${uniqueName("Phiri")}`]);
    // A temporary password mailed to the address the account had before its current one.
    const earlier = `earlier.${f.username}@example.com`;
    await db.user.update({ where: key(f.id), data: { email: earlier } });
    const reset = await new Browser("198.18.88.1").call(
      forgot.POST,
      "POST",
      "/api/auth/forgot-password",
      { body: { identifier: f.username } },
    );
    expect(reset.status).toBe(200);
    await db.user.update({ where: key(f.id), data: { email: f.email } });
    // A message to the school, copied to its support address with the sender's details.
    const support = `support.${f.id}@school.example`;
    const communication = { supportEmail: support, whatsappNumber: "" };
    await db.setting.upsert({
      where: { schoolId_key: { schoolId: 1, key: "communication" } },
      create: { key: "communication", value: communication },
      update: { value: communication },
    });
    try {
      const sent = await f.browser.call(contact.POST, "POST", "/api/contact/email", {
        body: { name: f.name, email: f.email, message: `Hello from ${f.children[0]!.name}` },
      });
      expect(sent.status).toBeLessThan(300);
    } finally {
      const none = { supportEmail: "", whatsappNumber: "" };
      await db.setting.update({
        where: { schoolId_key: { schoolId: 1, key: "communication" } },
        data: { value: none },
      });
    }
    const written = await db.emailOutbox.findMany({
      where: { OR: [{ to: earlier }, { to: support }] },
      select: { id: true, subject: true },
    });
    expect(written.map((mail) => mail.subject).sort()).toEqual([
      `Portal message from ${f.username}`,
      "Your temporary password",
    ]);

    const answer = await f.browser.call(deleteRoute.POST, "POST", "/api/account/delete", {
      body: { password: TEST_PASSWORD },
    });
    expect(answer.status).toBe(200);

    const after = await db.emailOutbox.findMany({
      where: { id: { in: written.map((mail) => mail.id) } },
      orderBy: { id: "asc" },
    });
    expect(after.map(({ to, text, subject, status }) => ({ to, text, subject, status }))).toEqual([
      {
        to: "[erased]",
        text: "[erased: kept no longer than needed]",
        subject: "Your temporary password",
        status: "failed",
      },
      {
        to: "[erased]",
        text: "[erased: kept no longer than needed]",
        subject: "Portal message from Deleted account",
        status: "failed",
      },
    ]);
    const farewell = await db.emailOutbox.findFirstOrThrow({
      where: { erasure: "farewell", to: f.email },
    });
    await db.emailOutbox.delete({ where: key(farewell.id) });
    const old = [f.username, f.name, f.email, earlier, f.phone, f.children[0]!.name];
    const escaped = old.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    expect(await tablesHolding(new RegExp(escaped.join("|"), "i"), ["EmailOutbox"])).toEqual([]);
  });
});
