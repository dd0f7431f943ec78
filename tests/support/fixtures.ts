// Rows the tests need, written straight to the test file's database, and signed-in browsers.
import * as login from "@/app/api/login/route";
import * as register from "@/app/api/register/route";
import { hashPassword } from "@/lib/security/password";
import type { Role } from "@/lib/contracts/permissions";
import { STAFF_GRADE } from "@/lib/contracts";
import { testDb } from "@/tests/support/school";
import { addDaysIso, mondayOf, parseIsoDate, schoolToday } from "@/lib/school-calendar";
import { Browser } from "@/tests/support/http";

let sequence = 0;
export const uniqueName = (prefix: string) => `${prefix}${++sequence}x${process.pid}`;

/** A parent who signed up through the API, with an e-mail unless told otherwise. */
export async function signedUpParent(options: { email?: string | null; address?: string } = {}) {
  const browser = new Browser(
    options.address ?? `198.18.${sequence % 250}.${(sequence * 7) % 250}`,
  );
  const username = uniqueName("parent");
  const email = options.email === undefined ? `${username}@example.com` : options.email;
  const answer = await browser.call<{ id: number }>(register.POST, "POST", "/api/register", {
    body: { username, password: "parent-pass", name: `Parent ${username}`, email: email ?? "" },
  });
  if (answer.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(answer.body)}`);
  return { browser, id: answer.body.id, username, email };
}

export async function signedInAs(username: string, password: string) {
  const browser = new Browser(`198.19.${++sequence % 250}.1`);
  const answer = await browser.call(login.POST, "POST", "/api/login", {
    body: { username, password },
  });
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return browser;
}

/** The password of the accounts `signedIn` writes. */
export const TEST_PASSWORD = "pass-word-1";

/**
 * An account written straight to the database and signed in through the real login handler, from
 * a browser (and address) of its own: `role` with `allowedFeatures` (for admins); `name` in place of
 * "<role> <username>"; an e-mail address with `withEmail`; a teacher's staff record with
 * `staffRecord`.
 */
export async function signedIn(
  role: Role = "parent",
  allowedFeatures: string[] = [],
  options: { name?: string; withEmail?: boolean; staffRecord?: boolean } = {},
): Promise<{ browser: Browser; id: number; username: string }> {
  const db = await testDb();
  const username = uniqueName(`${role}.`);
  const user = await db.user.create({
    data: {
      username,
      usernameKey: username,
      passwordHash: await hashPassword(TEST_PASSWORD),
      name: options.name ?? `${role} ${username}`,
      role,
      allowedFeatures,
      ...(options.withEmail ? { email: `${username}@example.com` } : {}),
    },
    select: { id: true, name: true },
  });
  if (options.staffRecord) {
    await db.student.create({ data: { name: user.name, grade: STAFF_GRADE, parentId: user.id } });
  }
  const browser = new Browser(`198.51.100.${(sequence % 250) + 1}`);
  const answer = await browser.call(login.POST, "POST", "/api/login", {
    body: { username, password: TEST_PASSWORD },
  });
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return { browser, id: user.id, username };
}

/** The seeded superadmin (every feature), signed in from a browser of its own. */
export const signedInSuperadmin = () =>
  signedInAs("superadmin", process.env.SEED_SUPERADMIN_PASSWORD!);

export async function addStudent(parentId: number, name: string, grade: string) {
  const db = await testDb();
  return db.student.create({
    data: { name, grade, parentId },
    select: { id: true, name: true, grade: true },
  });
}

export async function addMenuItem(overrides: Record<string, unknown> = {}) {
  const db = await testDb();
  return db.menuItem.create({
    data: {
      name: uniqueName("Meal "),
      price: "40.00",
      type: "primary",
      categories: ["chicken", "beef"],
      sideDishes: ["Rice", "Nshima"],
      weekNumbers: [1, 2, 3, 4, 5, 6],
      daysOfWeek: [1, 2, 3, 4, 5],
      ...overrides,
    },
    select: { id: true, name: true },
  });
}

/** Makes a cycle the active one (deactivating any other); by default it starts next Monday. */
export async function activeCycle(
  options: {
    startDate?: string;
    cycleLength?: number;
    blockedDays?: { weekNumber: number; dayOfWeek: number }[];
  } = {},
) {
  const db = await testDb();
  const start = options.startDate ?? addDaysIso(mondayOf(schoolToday("Africa/Lusaka")), 7);
  await db.orderCycle.updateMany({ where: { isActive: true }, data: { isActive: false } });
  return db.orderCycle.create({
    data: {
      startDate: parseIsoDate(start)!,
      cycleLength: options.cycleLength ?? 4,
      isActive: true,
      blockedDays: options.blockedDays ?? [],
    },
    select: { id: true, startDate: true },
  });
}

export async function giveDiscountCode(userId: number, discountPercentage: number) {
  const db = await testDb();
  return db.discountCode.create({
    data: { code: uniqueName("CODE"), userId, discountPercentage, isActive: true },
  });
}
