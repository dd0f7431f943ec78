// Accounts and orders for the Admin Users and Parents & Students tests, written straight to the
// test file's database; the accounts are then signed in through the real login handler.
import { expect } from "@jest/globals";
import * as login from "@/app/api/login/route";
import { hashPassword } from "@/lib/security/password";
import type { Role } from "@/lib/contracts/permissions";
import { testDb } from "@/tests/support/school";
import { parseIsoDate } from "@/lib/school-calendar";
import { Browser } from "@/tests/support/http";

let counter = 0;
export const PASSWORD = "pass-word-1";

export type Account = { id: number; username: string; browser: Browser };

/** An account made in the database (admins with the features given), not signed in. */
export async function makeAccount(
  role: Role = "parent",
  allowedFeatures: string[] = [],
  prefix: string = role,
) {
  const db = await testDb();
  const n = ++counter;
  const username = `${prefix}.${n}.${process.pid}`;
  return db.user.create({
    data: {
      username,
      usernameKey: username.toLowerCase(),
      passwordHash: await hashPassword(PASSWORD),
      name: `${role} ${n}`,
      role,
      allowedFeatures,
    },
    select: { id: true, username: true },
  });
}

/** Signs a username in from a browser of its own. */
export async function signIn(username: string, password = PASSWORD): Promise<Browser> {
  const browser = new Browser(`198.51.${++counter % 250}.${counter % 200}`);
  const answer = await browser.call(login.POST, "POST", "/api/login", {
    body: { username, password },
  });
  expect(answer.status).toBe(200);
  return browser;
}

/** An account made in the database and signed in. */
export async function signedInAccount(
  role: Role = "parent",
  allowedFeatures: string[] = [],
): Promise<Account> {
  const user = await makeAccount(role, allowedFeatures);
  return { ...user, browser: await signIn(user.username) };
}

/** `count` orders for a student, placed by `userId`, each on its own day of a past cycle. */
export async function addOrders(userId: number, studentId: number, count: number) {
  const db = await testDb();
  const n = ++counter;
  const cycle = await db.orderCycle.create({
    data: { startDate: parseIsoDate("2030-01-07")!, cycleLength: 6 },
  });
  const item = await db.menuItem.create({ data: { name: `Meal ${n}`, price: "40.00" } });
  const attempt = await db.paymentAttempt.create({
    data: {
      userId,
      transactionRef: `REF-${n}-${process.pid}`,
      paymentAmount: "40.00",
      cartItems: [],
      transactionStatus: "verified",
    },
  });
  for (let i = 0; i < count; i++) {
    await db.order.create({
      data: {
        userId,
        studentId,
        menuItemId: item.id,
        cycleId: cycle.id,
        weekNumber: Math.floor(i / 5) + 1,
        dayOfWeek: (i % 5) + 1,
        originalPrice: "40.00",
        discountedPrice: "40.00",
        paymentAttemptId: attempt.id,
      },
    });
  }
  return { cycle, item, attempt };
}
