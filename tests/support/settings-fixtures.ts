// Accounts for the Settings and Revenue tests: one of each kind the permission tables need.
import * as login from "@/app/api/login/route";
import { hashPassword } from "@/lib/security/password";
import type { Role } from "@/lib/contracts/permissions";
import { testDb } from "@/tests/support/school";
import { Browser } from "@/tests/support/http";

let counter = 0;

/** An account made straight in the database, signed in through the login API. */
export async function accountSignedIn(
  role: Role,
  allowedFeatures: string[] = [],
  fields: { name?: string; email?: string } = {},
) {
  const db = await testDb();
  const n = ++counter;
  const username = `${role}.settings.${n}x${process.pid}`;
  const password = "pass-word-1";
  const user = await db.user.create({
    data: {
      username,
      usernameKey: username.toLowerCase(),
      passwordHash: await hashPassword(password),
      name: fields.name ?? `${role} ${n}`,
      email: fields.email ?? null,
      role,
      allowedFeatures,
    },
  });
  const browser = new Browser(`198.51.${100 + (n % 50)}.${n % 250}`);
  const answer = await browser.call(login.POST, "POST", "/api/login", {
    body: { username, password },
  });
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return { browser, id: user.id, username };
}

export type Caller =
  | "superadmin"
  | "admin with the feature"
  | "admin without it"
  | "parent"
  | "teacher"
  | "signed out";

/** The permission table of an admin feature's call: its admins may, parents may not. */
export const ADMIN_FEATURE_CALLERS: [Caller, number][] = [
  ["superadmin", 200],
  ["admin with the feature", 200],
  ["admin without it", 403],
  ["parent", 403],
  ["signed out", 401],
];

/** A browser for each row of a permission table; `feature` is the one the call needs. */
export async function browserFor(caller: Caller, feature: string): Promise<Browser> {
  switch (caller) {
    case "superadmin": {
      const browser = new Browser(`198.51.99.${++counter % 250}`);
      const answer = await browser.call(login.POST, "POST", "/api/login", {
        body: { username: "superadmin", password: process.env.SEED_SUPERADMIN_PASSWORD },
      });
      if (answer.status !== 200) throw new Error("superadmin login failed");
      return browser;
    }
    case "admin with the feature":
      return (await accountSignedIn("admin", [feature])).browser;
    case "admin without it":
      return (await accountSignedIn("admin", ["menu", "kitchen"])).browser;
    case "parent":
      return (await accountSignedIn("parent")).browser;
    case "teacher":
      return (await accountSignedIn("teacher")).browser;
    case "signed out":
      return new Browser();
  }
}
