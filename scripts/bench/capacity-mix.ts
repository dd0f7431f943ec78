// The calls of a Sunday evening at one school (issue 46), for `npm run bench:capacity`: what a
// parent's ordering session asks, in proportion, and the office's screens, polled. Each request is
// built afresh from the school's people (scripts/bench/capacity-seed.ts), so that consecutive
// writes come from different parents and no (child, day) is asked twice until every one is used.
import type { CapacitySchool } from "./capacity-types";
import { mealLine } from "./endpoints";
import { PARENT_PASSWORD } from "./capacity-types";

export type CallSpec = {
  method: string;
  path: string;
  cookie?: string;
  body?: string;
  /** The page itself asks for HTML; every API call for JSON. */
  accept?: string;
};

/** One school under load: its people and what the run has used of them so far (kept across steps). */
export type SchoolState = {
  fixtures: CapacitySchool;
  next: Record<string, number>;
  /** Payments created and not verified yet: the parent's browser and the provider's token. */
  toVerify: { cookie: string; token: string }[];
};

export type Call = {
  name: string;
  request: string;
  /** A parent's call: its p99 and errors decide whether a number of schools is carried. */
  parent: boolean;
  /** How many of a parent's ordering session (parents' calls). */
  perSession?: number;
  /** Polled by the office every so many seconds (the office's calls). */
  everySeconds?: number;
  /** The request, or null when there is nothing to ask yet (no payment to verify). */
  build: (school: SchoolState) => CallSpec | null;
  /** Reads the answer's body (a payment's token) when set. */
  answered?: (school: SchoolState, spec: CallSpec, status: number, body: string) => void;
  /** Statuses that are a right answer, counted apart (409: a (child, day) already ordered). */
  expectedStatuses?: number[];
};

export function schoolState(fixtures: CapacitySchool): SchoolState {
  return { fixtures, next: {}, toVerify: [] };
}

const take = (school: SchoolState, key: string) => {
  const k = school.next[key] ?? 0;
  school.next[key] = k + 1;
  return k;
};

/**
 * Slot k of a group of parents: parent k mod P on open day floor(k / P), so no (child, day) comes
 * twice until all have been asked (then 409, or a changed cart for a payment).
 */
function slot(school: SchoolState, group: "free" | "credit" | "card" | "mobile") {
  const f = school.fixtures;
  const members = f[group];
  const k = take(school, group);
  const parent = f.parents[members[k % members.length]!]!;
  const day = f.openDays[Math.floor(k / members.length) % f.openDays.length]!;
  return { parent, line: mealLine(f.meal, parent.studentId, day) };
}

const reader = (school: SchoolState) => {
  const f = school.fixtures;
  return f.parents[take(school, "reader") % f.parents.length]!.cookie;
};

const keepToken = (school: SchoolState, spec: CallSpec, status: number, body: string) => {
  if (status !== 200 || !spec.cookie) return;
  try {
    const token = (JSON.parse(body) as { TransToken?: unknown }).TransToken;
    if (typeof token === "string") school.toVerify.push({ cookie: spec.cookie, token });
  } catch {
    // not JSON: counted by its status already
  }
};

/** A parent's Sunday-evening session: about 9.8 requests (the weights below add up to it). */
export function calls(officeEvery = { live: 5, kitchen: 60, revenue: 60 }): Call[] {
  return [
    {
      name: "Page",
      request: "GET / (the parent's dashboard, server-rendered)",
      parent: true,
      perSession: 1,
      build: (s) => ({ method: "GET", path: "/", cookie: reader(s), accept: "text/html" }),
    },
    {
      // Sessions last 30 days: one evening's session in five starts with a sign-in (argon2).
      name: "Sign-in",
      request: "POST /api/login",
      parent: true,
      perSession: 0.2,
      build: (s) => {
        const f = s.fixtures;
        const username = f.usernames[take(s, "login") % f.usernames.length]!;
        return {
          method: "POST",
          path: "/api/login",
          body: JSON.stringify({ username, password: PARENT_PASSWORD }),
        };
      },
    },
    {
      name: "Menu",
      request: "GET /api/menu",
      parent: true,
      perSession: 1,
      build: (s) => ({ method: "GET", path: "/api/menu", cookie: reader(s) }),
    },
    {
      name: "Cycles",
      request: "GET /api/order-cycles",
      parent: true,
      perSession: 1,
      build: (s) => ({ method: "GET", path: "/api/order-cycles", cookie: reader(s) }),
    },
    {
      name: "Students",
      request: "GET /api/students",
      parent: true,
      perSession: 1,
      build: (s) => ({ method: "GET", path: "/api/students", cookie: reader(s) }),
    },
    {
      // Every two minutes while the cart is open: three in a six-minute session.
      name: "Cart validation",
      request: "POST /api/menu-items/validate (5 items)",
      parent: true,
      perSession: 3,
      build: (s) => ({
        method: "POST",
        path: "/api/menu-items/validate",
        cookie: reader(s),
        body: JSON.stringify({ menuItemIds: s.fixtures.cartItemIds }),
      }),
    },
    {
      name: "Card payment",
      request: "POST /api/payments/create (1 meal, card)",
      parent: true,
      perSession: 0.3,
      build: (s) => {
        const { parent, line } = slot(s, "card");
        return {
          method: "POST",
          path: "/api/payments/create",
          cookie: parent.cookie,
          body: JSON.stringify({ amount: s.fixtures.meal.price, cartItems: [line] }),
        };
      },
      answered: keepToken,
    },
    {
      name: "Mobile payment",
      request: "POST /api/payments/create (1 meal, mobile money)",
      parent: true,
      perSession: 0.3,
      build: (s) => {
        const { parent, line } = slot(s, "mobile");
        return {
          method: "POST",
          path: "/api/payments/create",
          cookie: parent.cookie,
          body: JSON.stringify({
            amount: s.fixtures.meal.price,
            currency: "ZMW",
            paymentMethod: "MOBILE",
            mobileNumber: "0977123456",
            cartItems: [line],
          }),
        };
      },
      answered: keepToken,
    },
    {
      // The return page (card) or the phone's wait (mobile money) asks the provider.
      name: "Payment verification",
      request: "POST /api/payments/verify/{token} (a payment created earlier)",
      parent: true,
      perSession: 0.6,
      build: (s) => {
        const created = s.toVerify.shift();
        if (!created) return null;
        return {
          method: "POST",
          path: `/api/payments/verify/${encodeURIComponent(created.token)}`,
          cookie: created.cookie,
        };
      },
    },
    {
      name: "Free order",
      request: "POST /api/orders (1 meal, 100% code)",
      parent: true,
      perSession: 0.2,
      expectedStatuses: [409],
      build: (s) => {
        const { parent, line } = slot(s, "free");
        const body = JSON.stringify([line]);
        return { method: "POST", path: "/api/orders", cookie: parent.cookie, body };
      },
    },
    {
      name: "Credit order",
      request: "POST /api/orders (1 meal, paid from credit)",
      parent: true,
      perSession: 0.2,
      expectedStatuses: [409],
      build: (s) => {
        const { parent, line } = slot(s, "credit");
        const body = JSON.stringify([line]);
        return { method: "POST", path: "/api/orders", cookie: parent.cookie, body };
      },
    },
    {
      name: "Order history",
      request: "GET /api/orders?includeAll=true",
      parent: true,
      perSession: 1,
      build: (s) => ({ method: "GET", path: "/api/orders?includeAll=true", cookie: reader(s) }),
    },
    {
      name: "Live orders",
      request: `GET /api/payments/live-orders?page=1 (every ${officeEvery.live} s)`,
      parent: false,
      everySeconds: officeEvery.live,
      build: (s) => ({
        method: "GET",
        path: "/api/payments/live-orders?page=1",
        cookie: s.fixtures.admin,
      }),
    },
    {
      // The coming week, which every child has ordered: the kitchen's busiest view.
      name: "Kitchen week",
      request: `GET /api/orders/week/2?page=1&pageSize=100 (every ${officeEvery.kitchen} s)`,
      parent: false,
      everySeconds: officeEvery.kitchen,
      build: (s) => ({
        method: "GET",
        path: "/api/orders/week/2?page=1&pageSize=100",
        cookie: s.fixtures.admin,
      }),
    },
    {
      name: "Revenue",
      request: `GET /api/revenue/stats?cycleId=… (every ${officeEvery.revenue} s)`,
      parent: false,
      everySeconds: officeEvery.revenue,
      build: (s) => ({
        method: "GET",
        path: `/api/revenue/stats?cycleId=${s.fixtures.cycleId}`,
        cookie: s.fixtures.admin,
      }),
    },
  ];
}

/** Requests in one parent's session: the sum of the weights. */
export const requestsPerSession = (list: Call[]) =>
  list.reduce((sum, call) => sum + (call.perSession ?? 0), 0);
