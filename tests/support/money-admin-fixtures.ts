// Rows and browsers for the Pending Payments, Refund Management and payment-bypass tests, written
// straight to the test file's database (fast: no sign-up round trips for bulk rows).
import { expect } from "@jest/globals";
import * as login from "@/app/api/login/route";
import { hashPassword } from "@/lib/security/password";
import type { Feature } from "@/lib/contracts/permissions";
import { testDb } from "@/tests/support/school";
import { parseIsoDate } from "@/lib/school-calendar";
import { signedInSuperadmin, signedUpParent, uniqueName } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";

let counter = 0;

/** An admin made in the database with these features, signed in. */
export async function signedInAdmin(features: Feature[]): Promise<Browser> {
  const db = await testDb();
  const n = ++counter;
  const username = uniqueName("money.admin.");
  const password = "admin-pass-1";
  await db.user.create({
    data: {
      username,
      usernameKey: username.toLowerCase(),
      passwordHash: await hashPassword(password),
      name: `Admin ${n}`,
      role: "admin",
      allowedFeatures: features,
    },
  });
  const browser = new Browser(`192.0.2.${n % 250}`);
  const answer = await browser.call(login.POST, "POST", "/api/login", {
    body: { username, password },
  });
  expect(answer.status).toBe(200);
  return browser;
}

/** The five callers of a feature's permission table, each to a fresh browser. */
export function callers(feature: Feature): [string, () => Promise<Browser>, "allowed" | number][] {
  return [
    ["the superadmin", signedInSuperadmin, "allowed"],
    [`an admin with ${feature}`, () => signedInAdmin([feature]), "allowed"],
    [`an admin without ${feature}`, () => signedInAdmin(["menu", "history"]), 403],
    ["a parent", async () => (await signedUpParent()).browser, 403],
    ["a signed-out visitor", () => Promise.resolve(new Browser()), 401],
  ];
}

/** An inactive cycle far in the past and one menu item, for orders written directly. */
export async function orderGround() {
  const db = await testDb();
  const n = ++counter;
  const cycle = await db.orderCycle.create({
    data: { startDate: parseIsoDate("2030-01-07")!, cycleLength: 6, isActive: false },
    select: { id: true },
  });
  const item = await db.menuItem.create({
    data: { name: `Direct meal ${n}`, price: "40.00" },
    select: { id: true, name: true },
  });
  return { cycle, item };
}

export type Ground = Awaited<ReturnType<typeof orderGround>>;

/** A parent account with one child, made in the database (no session). */
export async function directParent(name = uniqueName("direct.parent.")) {
  const db = await testDb();
  const user = await db.user.create({
    data: { username: name, usernameKey: name.toLowerCase(), passwordHash: "x", name },
    select: { id: true, username: true },
  });
  const child = await db.student.create({
    data: { name: `Child of ${name}`, grade: "4", parentId: user.id },
    select: { id: true, name: true, grade: true },
  });
  return { ...user, child };
}

let slot = 0;

/** One order written directly; each gets its own week and day slot unless told. */
export async function directOrder(
  ground: Ground,
  parent: { id: number; child: { id: number } },
  values: {
    status?: "pending" | "completed" | "cancelled" | "refunded";
    paymentStatus?: "pending" | "confirmed" | "failed";
    price?: string;
    orderDate?: Date;
    weekNumber?: number;
    dayOfWeek?: number;
  } = {},
) {
  const db = await testDb();
  const s = slot++;
  return db.order.create({
    data: {
      userId: parent.id,
      studentId: parent.child.id,
      menuItemId: ground.item.id,
      cycleId: ground.cycle.id,
      weekNumber: values.weekNumber ?? (s % 6) + 1,
      dayOfWeek: values.dayOfWeek ?? (Math.floor(s / 6) % 5) + 1,
      category: "chicken",
      sideDish: "Rice",
      comments: null,
      originalPrice: "40.00",
      discountedPrice: values.price ?? "36.50",
      discountPercentage: 0,
      status: values.status ?? "pending",
      paymentStatus: values.paymentStatus ?? "pending",
      paymentProcessor: "BYPASS",
      ...(values.orderDate ? { orderDate: values.orderDate } : {}),
    },
    select: { id: true },
  });
}

export const BYPASS_DETAILS = {
  airtelMoney: { name: "School Canteen Ltd", number: "+260 97 111 2222" },
  mtnMoney: { name: "Canteen MTN", number: "+260 96 333 4444" },
  bankTransfer: {
    bankName: "Zanaco",
    accountName: "School Canteen",
    accountNumber: "0123456789",
    branchName: "Cairo Road",
    swiftCode: "ZNCOZMLU",
  },
};

/** Writes the payment-bypass setting as the settings screen would store it. */
export async function setPaymentBypass(enabled: boolean, details = BYPASS_DETAILS) {
  const db = await testDb();
  const value = { enabled, ...details };
  await db.setting.upsert({
    where: { schoolId_key: { schoolId: 1, key: "payment-bypass" } },
    create: { key: "payment-bypass", value },
    update: { value },
  });
}
