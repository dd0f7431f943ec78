import { beforeAll, describe, expect, it } from "@jest/globals";
import * as adminUsers from "@/app/api/admin-users/route";
import * as forgot from "@/app/api/auth/forgot-password/route";
import * as contact from "@/app/api/contact/email/route";
import * as login from "@/app/api/login/route";
import * as menu from "@/app/api/menu/route";
import * as orders from "@/app/api/orders/route";
import * as parent from "@/app/api/parents/[id]/route";
import * as parents from "@/app/api/parents/route";
import * as parentStudent from "@/app/api/parents/students/[id]/route";
import * as liveOrders from "@/app/api/payments/live-orders/route";
import * as attempts from "@/app/api/payments/payment-attempts/route";
import * as decide from "@/app/api/payments/sandbox/decide/route";
import * as profile from "@/app/api/profile/route";
import * as register from "@/app/api/register/route";
import * as communication from "@/app/api/settings/communication/route";
import * as paymentBypass from "@/app/api/settings/payment-bypass/route";
import * as student from "@/app/api/students/[id]/route";
import * as students from "@/app/api/students/route";
import * as userSearch from "@/app/api/users/search/route";
import { testDb } from "@/tests/support/school";
import { DATA_AND_MAIL_TABLES, fingerprint as fingerprintOf } from "@/tests/support/db-fingerprint";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  giveDiscountCode,
  signedInSuperadmin,
  signedUpParent,
} from "@/tests/support/fixtures";
import { Browser, type Answer } from "@/tests/support/http";
import { makeAccount, signIn } from "@/tests/support/people-fixtures";

const fingerprint = () => fingerprintOf(DATA_AND_MAIL_TABLES);

// Issue 22: a NUL in any text made PostgreSQL refuse the write or the search, and the API answer
// 500. Every text field now refuses control characters with a 422 naming the field (sign-in with
// a NUL in the password is simply a wrong password), and nothing is written. New usernames also
// refuse `@` and invisible characters; existing accounts keep signing in.

const NUL = "\u0000";
const notAllowed = (field: string) =>
  `${field} ${field.endsWith("instructions") ? "contain" : "contains"} characters that are not allowed`;

let sequence = 0;
/** A signed-out browser from an address of its own (sign-in and sign-up are rate-limited). */
const stranger = () => new Browser(`198.18.9.${++sequence}`);
const fresh = (prefix: string) => `${prefix}.${++sequence}`;

let admin: Browser;
let parentBrowser: Browser;
let existing: { id: number; username: string };
let child = 0;
let meal = 0;

beforeAll(async () => {
  admin = await signedInSuperadmin();
  const p = await signedUpParent();
  parentBrowser = p.browser;
  await activeCycle();
  child = (await addStudent(p.id, "Chanda", "3")).id;
  meal = (await addMenuItem({ categories: ["chicken"], sideDishes: ["Rice"] })).id;
  // Free meals: a cart that passed validation would be written at once.
  await giveDiscountCode(p.id, 100);
  existing = await makeAccount("parent");
});

const signUp = (body: Record<string, unknown>) =>
  stranger().call(register.POST, "POST", "/api/register", {
    body: { username: fresh("new"), password: "secret-pass", name: "Mary Banda", ...body },
  });

const order = (extra: Record<string, unknown>) =>
  parentBrowser.call(orders.POST, "POST", "/api/orders", {
    body: [
      {
        menuItemId: meal,
        studentId: child,
        weekNumber: 1,
        dayOfWeek: 1 + (++sequence % 5),
        category: "chicken",
        sideDish: "Rice",
        comments: "",
        ...extra,
      },
    ],
  });

const newParent = (body: Record<string, unknown>) =>
  admin.call(parents.POST, "POST", "/api/parents", {
    body: { username: fresh("parent"), password: "secret-pass", ...body },
  });

const changeParent = (body: Record<string, unknown>) =>
  admin.call(parent.PUT, "PUT", `/api/parents/${existing.id}`, {
    params: { id: String(existing.id) },
    body: { username: existing.username, ...body },
  });

const newAdmin = (body: Record<string, unknown>) =>
  admin.call(adminUsers.POST, "POST", "/api/admin-users", {
    body: { username: fresh("admin"), password: "secret-pass", ...body },
  });

const newMenuItem = (body: Record<string, unknown>) =>
  admin.call(menu.POST, "POST", "/api/menu", {
    body: {
      name: fresh("Meal"),
      price: "40",
      categories: ["beef"],
      weekNumbers: [1],
      daysOfWeek: [1],
      ...body,
    },
  });

type Case = [string, () => Promise<Answer>, string];

const REFUSED: Case[] = [
  ["sign-up's username", () => signUp({ username: `mary${NUL}` }), "Username"],
  ["sign-up's name", () => signUp({ name: `Mary${NUL}` }), "Name"],
  ["sign-up's phone", () => signUp({ phone: `097${NUL}` }), "Phone number"],
  [
    "sign-in's username",
    () =>
      stranger().call(login.POST, "POST", "/api/login", {
        body: { username: `${existing.username}${NUL}`, password: "pass-word-1" },
      }),
    "Username",
  ],
  [
    "forgot-password's identifier",
    () =>
      stranger().call(forgot.POST, "POST", "/api/auth/forgot-password", {
        body: { identifier: `${existing.username}${NUL}` },
      }),
    "Username or email",
  ],
  [
    "the profile's name",
    () => parentBrowser.call(profile.PUT, "PUT", "/api/profile", { body: { name: `X${NUL}` } }),
    "Name",
  ],
  [
    "the profile's phone",
    () =>
      parentBrowser.call(profile.PUT, "PUT", "/api/profile", { body: { name: "X", phone: NUL } }),
    "Phone number",
  ],
  ["an order's comment", () => order({ comments: `No salt${NUL}` }), "Special instructions"],
  ["an order's protein", () => order({ category: `chicken${NUL}` }), "Protein choice"],
  ["an order's side dish", () => order({ sideDish: `Rice${NUL}` }), "Side dish"],
  [
    "a contact message",
    () =>
      parentBrowser.call(contact.POST, "POST", "/api/contact/email", {
        body: { name: "Mary", email: "mary@example.com", message: `Hello there${NUL} friends` },
      }),
    "Message",
  ],
  ["a new parent's username", () => newParent({ username: `abc${NUL}` }), "Username"],
  ["a new parent's name", () => newParent({ name: `Mary${NUL}` }), "Name"],
  ["a changed parent's phone", () => changeParent({ phone: NUL }), "Phone number"],
  [
    "the parents search",
    () => admin.call(parents.GET, "GET", "/api/parents", { query: { search: `abc${NUL}` } }),
    "Search",
  ],
  ["a new admin's username", () => newAdmin({ username: `adm${NUL}in` }), "Username"],
  [
    "the discount code holders' search",
    () => admin.call(userSearch.GET, "GET", "/api/users/search", { query: { q: `abc${NUL}` } }),
    "Search",
  ],
  [
    "the live orders' parent filter",
    () =>
      admin.call(liveOrders.GET, "GET", "/api/payments/live-orders", {
        query: { parent: `abc${NUL}` },
      }),
    "Parent",
  ],
  ["a menu item's name", () => newMenuItem({ name: `Stew${NUL}` }), "Name"],
  ["a menu item's description", () => newMenuItem({ description: `Hot${NUL}` }), "Description"],
  [
    "a menu item's image address",
    () => newMenuItem({ imageUrl: `https://img.example/${NUL}.png` }),
    "Image URL",
  ],
  [
    "a menu item's protein description",
    () => newMenuItem({ proteinDescriptions: { beef: `Stewed${NUL}` } }),
    "Protein description",
  ],
  [
    "a student's name",
    () =>
      parentBrowser.call(students.POST, "POST", "/api/students", {
        body: { name: `Mwila${NUL}`, grade: "3" },
      }),
    "Name",
  ],
  [
    "the support WhatsApp number",
    () =>
      admin.call(communication.POST, "POST", "/api/settings/communication", {
        body: { supportEmail: "", whatsappNumber: `097${NUL}` },
      }),
    "WhatsApp number",
  ],
  [
    "a bank name for alternative payments",
    () =>
      admin.call(paymentBypass.POST, "POST", "/api/settings/payment-bypass", {
        body: { enabled: false, bankTransfer: { bankName: `Bank${NUL}` } },
      }),
    "Bank name",
  ],
  [
    "a payment attempt's transaction id",
    () =>
      parentBrowser.call(attempts.POST, "POST", "/api/payments/payment-attempts", {
        body: { transactionId: `tx${NUL}` },
      }),
    "Transaction ID",
  ],
  [
    "the sandbox pay page's token",
    () =>
      parentBrowser.call(decide.POST, "POST", "/api/payments/sandbox/decide", {
        body: { token: `tok${NUL}`, action: "pay" },
      }),
    "Token",
  ],
];

describe("a NUL in a text field", () => {
  it.each(REFUSED)(
    "in %s is a 422 naming the field, and writes nothing",
    async (_, call, field) => {
      const before = await fingerprint();
      const answer = await call();
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ message: notAllowed(field), error: notAllowed(field) });
      expect(await fingerprint()).toBe(before);
    },
  );

  it.each([["\u0001"], ["\u001b"], ["\u007f"], ["\u0085"], ["\ud800"]])(
    "and %j in a name are refused the same way",
    async (character) => {
      const answer = await signUp({ name: `Mary${character}Banda` });
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ message: notAllowed("Name") });
    },
  );

  it("in a password is only a wrong password at sign-in", async () => {
    const answer = await stranger().call(login.POST, "POST", "/api/login", {
      body: { username: existing.username, password: `pass-word-1${NUL}` },
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ message: "Invalid username or password" });
  });

  it("in a new password is kept whole: the password without it does not sign in", async () => {
    const username = fresh("nulpass");
    expect((await signUp({ username, password: `secret${NUL}pass` })).status).toBe(200);
    const wrong = await stranger().call(login.POST, "POST", "/api/login", {
      body: { username, password: "secret" },
    });
    expect(wrong.status).toBe(401);
    await signIn(username, `secret${NUL}pass`);
  });
});

describe("free text keeps its lines", () => {
  it("stores an order's comment with tabs and line breaks, CRLF as LF", async () => {
    const answer = await order({ comments: "No salt\r\n\tplease" });
    expect(answer.status).toBe(200);
    const db = await testDb();
    const last = await db.order.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(last.comments).toBe("No salt\n\tplease");
  });

  it("refuses a line break in a single-line field", async () => {
    const answer = await signUp({ name: "Mary\nBanda" });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: notAllowed("Name") });
  });
});

const BAD_USERNAMES: [string, string, string][] = [
  ["an @", "demo@example.com", "Username cannot contain @"],
  ["a zero-width space", "de\u200bmo.parent", notAllowed("Username")],
  ["a right-to-left override", "demo\u202e.parent", notAllowed("Username")],
  ["a zero-width joiner", "demo\u200d.parent", notAllowed("Username")],
  ["a byte-order mark", "demo\ufeff.parent", "Username cannot contain spaces"],
  ["a line separator", "demo\u2028parent", "Username cannot contain spaces"],
  ["a space", "demo parent", "Username cannot contain spaces"],
];

const MAKERS: [string, (username: string) => Promise<Answer>][] = [
  ["sign-up", (username) => signUp({ username })],
  ["an admin's new parent", (username) => newParent({ username })],
  ["an admin's change to a parent", (username) => changeParent({ username })],
  ["an admin's new admin", (username) => newAdmin({ username })],
];

describe("a new username", () => {
  const cases = MAKERS.flatMap(([where, make]) =>
    BAD_USERNAMES.map(
      ([what, username, message]) => [where, what, make, username, message] as const,
    ),
  );

  it.each(cases)("in %s is refused with %s", async (_, __, make, username, message) => {
    const before = await fingerprint();
    const answer = await make(username);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message });
    expect(await fingerprint()).toBe(before);
  });

  it.each(MAKERS)("in %s is accepted when ordinary", async (where, make) => {
    const username = `demo.parent${2 + MAKERS.findIndex(([w]) => w === where)}`;
    const answer = await make(username);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ username });
  });

  it("does not lock out an existing account whose name has an @", async () => {
    const older = await makeAccount("parent", [], "old@school.example");
    expect(older.username).toContain("@");
    await signIn(older.username);
  });
});

// Issue 43: a person's name (a child, a parent, a teacher, a message's sender) refuses the
// invisible and direction-changing characters usernames refuse: they spoof one child as another in
// the console, turn a name around, and print as "?" on the kitchen's labels.
const BAD_NAMES: [string, string][] = [
  ["a right-to-left override", "Chanda \u202eagnoM"],
  ["a left-to-right embedding", "Chanda \u202aMonga"],
  ["a first-strong isolate", "Chanda \u2068Monga\u2069"],
  ["a right-to-left mark", "Chanda\u200f Monga"],
  ["a zero-width space", "Chan\u200bda Monga"],
  ["a zero-width joiner", "Chan\u200dda Monga"],
  ["a byte-order mark", "Chanda\ufeffMonga"],
  ["a word joiner", "Chanda\u2060Monga"],
  ["a line separator", "Chanda\u2028Monga"],
];

const NAME_TAKERS: [string, (name: string) => Promise<Answer>][] = [
  ["sign-up", (name) => signUp({ name })],
  [
    "Profile Settings",
    (name) => parentBrowser.call(profile.PUT, "PUT", "/api/profile", { body: { name } }),
  ],
  [
    "a parent's new child",
    (name) =>
      parentBrowser.call(students.POST, "POST", "/api/students", { body: { name, grade: "3" } }),
  ],
  [
    "a parent's change to a child",
    (name) =>
      parentBrowser.call(student.PUT, "PUT", `/api/students/${child}`, {
        params: { id: String(child) },
        body: { name, grade: "3" },
      }),
  ],
  ["an admin's new parent", (name) => newParent({ name })],
  ["an admin's change to a parent", (name) => changeParent({ name })],
  [
    "an admin's new child for a parent",
    (name) =>
      admin.call(students.POST, "POST", "/api/students", {
        body: { name, grade: "3", parentId: existing.id },
      }),
  ],
  [
    "an admin's change to a child",
    (name) =>
      admin.call(parentStudent.PUT, "PUT", `/api/parents/students/${child}`, {
        params: { id: String(child) },
        body: { name, grade: "3" },
      }),
  ],
  [
    "the contact form",
    (name) =>
      parentBrowser.call(contact.POST, "POST", "/api/contact/email", {
        body: { name, email: "mary@example.com", message: "A message long enough." },
      }),
  ],
];

describe("a person's name", () => {
  const cases = NAME_TAKERS.flatMap(([where, take]) =>
    BAD_NAMES.map(([what, name]) => [where, what, take, name] as const),
  );

  it.each(cases)("in %s is refused with %s", async (_, __, take, name) => {
    const before = await fingerprint();
    const answer = await take(name);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: notAllowed("Name") });
    expect(await fingerprint()).toBe(before);
  });

  it("keeps accents, apostrophes, hyphens and other scripts", async () => {
    for (const name of ["José Mwansa-Ng'andu", "Zoë Ñúñez", "Łukasz Żółć", "Нина Ли", "李小龙"]) {
      const answer = await signUp({ name });
      expect({ name, status: answer.status }).toEqual({ name, status: 200 });
    }
  });
});
