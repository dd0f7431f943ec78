// The calls `npm run bench` measures (issue 8, "Benchmarks", with the feature issues' calls that
// issue 20 added): each call's request, made afresh for every request from the benchmark's people
// (scripts/bench/fixtures.ts), so that consecutive writes come from different parents and no
// (child, day) slot is asked twice until every slot is used.
import type { BenchFixtures, BenchSlot } from "./fixtures";
import type { RequestSpec } from "./load";
import { REFERENCE } from "./report";

export type Endpoint = {
  name: string;
  request: string;
  next: () => RequestSpec;
  /** A read: measured beside the bare server answering its bytes. */
  read: boolean;
  expectedStatuses?: number[];
  /** A note on how the load was made, read after the run (slots used, carts replaced). */
  note?: () => string;
  /** Connections to measure at, when not the parents' CONNECTIONS (20 and 100). */
  connections?: readonly number[];
};

type Day = { weekNumber: number; dayOfWeek: number };

/** One cart line: the benchmark's meal for a child on a day, as the portal sends it. */
export function mealLine(meal: BenchFixtures["meal"], studentId: number, day: Day) {
  return {
    menuItemId: meal.id,
    studentId,
    weekNumber: day.weekNumber,
    dayOfWeek: day.dayOfWeek,
    category: meal.category,
    sideDish: meal.sideDish,
    comments: null,
  };
}

export function endpoints(f: BenchFixtures): Endpoint[] {
  let r = 0;
  const reader = () => f.readers[r++ % f.readers.length]!;
  const line = (studentId: number, day: Day) => mealLine(f.meal, studentId, day);

  // Free orders and credit checkout: slot k is parent k mod P on day floor(k / P), so consecutive
  // requests come from different parents and no (child, day) is asked twice until every slot is
  // used. After that a slot comes round again and its answer is 409 Already Ordered, counted apart.
  const slottedOrders = (parents: BenchSlot[], used: string) => {
    const slots = parents.length * f.openDays.length;
    let asked = 0;
    return {
      next: (): RequestSpec => {
        const k = asked++ % slots;
        const parent = parents[k % parents.length]!;
        const day = f.openDays[Math.floor(k / parents.length)]!;
        return {
          method: "POST",
          path: "/api/orders",
          cookie: parent.cookie,
          body: JSON.stringify([line(parent.studentId, day)]),
        };
      },
      note: () =>
        `${Math.min(asked, slots)} of ${slots} ${used}` +
        (asked > slots ? `, then ${asked - slots} asked again (409)` : ""),
    };
  };
  const freeOrders = slottedOrders(f.free, "free (child, day) slots used");
  const creditOrders = slottedOrders(f.credit, "(child, day) slots paid from credit");
  // Card payments: each request is a paying parent's first payment of a one-meal cart. Once every
  // parent has one open, parent k asks for another day: a changed cart, which settles (verifies
  // and cancels at the sandbox) the open one first, as a parent changing their mind would.
  let payNext = 0;
  let mobileNext = 0;

  return [
    {
      // Not a target: what Next.js answers with no session and no database, the floor of any call.
      name: REFERENCE,
      request: "GET /api/health (no session, no database)",
      read: true,
      next: () => ({ method: "GET", path: "/api/health" }),
    },
    {
      name: "Menu read",
      request: "GET /api/menu",
      read: true,
      next: () => ({ method: "GET", path: "/api/menu", cookie: reader() }),
    },
    {
      name: "Order history",
      request: "GET /api/orders?includeAll=true",
      read: true,
      next: () => ({ method: "GET", path: "/api/orders?includeAll=true", cookie: reader() }),
    },
    {
      name: "Cart validation",
      request: `POST /api/menu-items/validate (${f.cartItemIds.length} items)`,
      read: true,
      next: () => ({
        method: "POST",
        path: "/api/menu-items/validate",
        cookie: reader(),
        body: JSON.stringify({ menuItemIds: f.cartItemIds }),
      }),
    },
    {
      name: "Kitchen week view",
      request: "GET /api/orders/week/1?page=1&pageSize=100",
      read: true,
      next: () => ({
        method: "GET",
        path: "/api/orders/week/1?page=1&pageSize=100",
        cookie: f.admin,
      }),
    },
    {
      name: "Cycle orders page",
      request: "GET /api/cycle-orders?page=1&pageSize=10&cycleId=…",
      read: true,
      next: () => ({
        method: "GET",
        path: `/api/cycle-orders?page=1&pageSize=10&cycleId=${f.cycleId}`,
        cookie: f.admin,
      }),
    },
    {
      name: "Revenue stats",
      request: "GET /api/revenue/stats?cycleId=…",
      read: true,
      next: () => ({
        method: "GET",
        path: `/api/revenue/stats?cycleId=${f.cycleId}`,
        cookie: f.admin,
      }),
    },
    {
      // The kitchen prints the day's labels once or twice a morning: a few at once, not 100.
      name: "Kitchen labels PDF",
      request: `GET /api/kitchen/labels?date=${f.busiestDate} (the busiest day)`,
      read: true,
      connections: [1, 5],
      next: () => ({
        method: "GET",
        path: `/api/kitchen/labels?date=${f.busiestDate}`,
        cookie: f.admin,
      }),
    },
    {
      name: "Free order placement",
      request: "POST /api/orders (1 meal, 100% code)",
      read: false,
      expectedStatuses: [409],
      ...freeOrders,
    },
    {
      name: "Credit checkout",
      request: "POST /api/orders (1 meal, paid from account credit)",
      read: false,
      expectedStatuses: [409],
      ...creditOrders,
    },
    {
      name: "Card payment creation",
      request: "POST /api/payments/create (1 meal, card)",
      read: false,
      next: () => {
        const k = payNext++;
        const parent = f.paying[k % f.paying.length]!;
        const day = f.openDays[Math.floor(k / f.paying.length) % f.openDays.length]!;
        return {
          method: "POST",
          path: "/api/payments/create",
          cookie: parent.cookie,
          body: JSON.stringify({ amount: f.meal.price, cartItems: [line(parent.studentId, day)] }),
        };
      },
      note: () =>
        `${Math.min(payNext, f.paying.length)} first payments of ${f.paying.length} parents` +
        (payNext > f.paying.length ? `, ${payNext - f.paying.length} changed carts` : ""),
    },
    {
      name: "Mobile payment creation",
      request: "POST /api/payments/create (1 meal, MOBILE, Airtel number)",
      read: false,
      next: () => {
        const k = mobileNext++;
        const parent = f.mobile[k % f.mobile.length]!;
        const day = f.openDays[Math.floor(k / f.mobile.length) % f.openDays.length]!;
        return {
          method: "POST",
          path: "/api/payments/create",
          cookie: parent.cookie,
          body: JSON.stringify({
            amount: f.meal.price,
            currency: "ZMW",
            paymentMethod: "MOBILE",
            mobileNumber: "0977123456",
            cartItems: [line(parent.studentId, day)],
          }),
        };
      },
      note: () =>
        `${Math.min(mobileNext, f.mobile.length)} first pushes of ${f.mobile.length} parents` +
        (mobileNext > f.mobile.length ? `, ${mobileNext - f.mobile.length} changed carts` : ""),
    },
  ];
}
