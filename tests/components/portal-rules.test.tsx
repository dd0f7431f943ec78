import { describe, expect, it } from "@jest/globals";
import { addCartItem, parseCart } from "@/lib/client/cart";
import {
  cartTotals,
  groupCartByStudent,
  pricedCartItems,
  toOrderRequest,
  unavailableReason,
} from "@/lib/client/cart-checkout";
import {
  closedReason,
  dayState,
  formatCutoff,
  openWeeks,
  type CalendarContext,
} from "@/lib/client/day-state";
import { formatDayDate, formatInstant, gradeLabel } from "@/lib/client/format";
import { canCancelOrder, newestFirst, ordersForDay } from "@/lib/client/orders";
import { whatsappLink } from "@/lib/client/whatsapp";
import { cartItem, menuItem, order } from "./portal-harness";

const discounted = cartItem({
  menuItem: { id: 101, name: "Beef", type: "primary", price: "50.00", discountPrice: "40.00" },
});
const plain = cartItem({
  menuItemId: 102,
  menuItem: { id: 102, name: "Rice", type: "primary", price: "30.00", discountPrice: null },
  dayOfWeek: 2,
});

describe("parseCart", () => {
  it("survives corrupt JSON and foreign shapes", () => {
    expect(parseCart(null)).toEqual([]);
    expect(parseCart("{not json")).toEqual([]);
    expect(parseCart('{"a":1}')).toEqual([]);
    expect(parseCart(JSON.stringify([{ menuItemId: "x" }, null, 3]))).toEqual([]);
  });

  it("keeps valid lines, drops broken ones and a second meal for the same day", () => {
    const broken = { ...plain, menuItem: { ...plain.menuItem, price: "abc" } };
    const sameDay = { ...discounted, menuItemId: 102, menuItem: plain.menuItem };
    const items = parseCart(JSON.stringify([discounted, broken, sameDay, plain]));
    expect(items).toEqual([discounted, plain]);
  });
});

describe("cart rules", () => {
  it("refuses a second meal for the same student and day", () => {
    const first = addCartItem([], discounted);
    expect(first.ok).toBe(true);
    expect(addCartItem([discounted], { ...plain, dayOfWeek: 1 })).toEqual({
      ok: false,
      reason: "in-cart",
    });
    expect(addCartItem([discounted], { ...plain, studentId: 12 }).ok).toBe(true);
  });

  it("prices like the server: offer price, then the code, per line, in ngwee", () => {
    expect(cartTotals([discounted, plain], 0)).toEqual({
      subtotal: 8000,
      discount: 1000,
      total: 7000,
    });
    // 40.00 - 15% = 34.00; 30.00 - 15% = 25.50
    expect(cartTotals([discounted, plain], 15)).toEqual({
      subtotal: 8000,
      discount: 2050,
      total: 5950,
    });
    expect(cartTotals([discounted, plain], 100).total).toBe(0);
    const [line] = pricedCartItems([discounted], 15);
    expect(line).toMatchObject({ discountedPrice: "34.00", discountPercentage: 15 });
  });

  it("builds the order request with nulls for empty choices", () => {
    const [item] = toOrderRequest([{ ...plain, category: "beef" }], 10, {
      name: "Mary",
      email: "m@x.co",
    });
    expect(item).toEqual({
      menuItemId: 102,
      studentId: 11,
      weekNumber: 1,
      dayOfWeek: 2,
      category: "beef",
      sideDish: null,
      comments: null,
      allergyAcknowledged: false,
      originalPrice: "30.00",
      discountedPrice: "27.00",
      discountPercentage: 10,
      customerName: "Mary",
      customerEmail: "m@x.co",
    });
  });

  it("groups by student, sorted by week and day", () => {
    const other = { ...plain, studentId: 12, student: { id: 12, name: "Tendai", grade: "8" } };
    const later = { ...discounted, weekNumber: 2 };
    const groups = groupCartByStudent([later, other, plain]);
    expect(groups.map((g) => g.studentName)).toEqual(["Chipo", "Tendai"]);
    expect(groups[0]?.items.map((i) => [i.weekNumber, i.dayOfWeek])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it("reads the validation answer", () => {
    const v = { valid: [1], unavailable: [2], archived: [3], missing: [4] };
    expect([1, 2, 3, 4].map((id) => unavailableReason(v, id))).toEqual([
      null,
      "unavailable",
      "archived",
      "missing",
    ]);
    expect(unavailableReason(null, 2)).toBeNull();
  });
});

describe("orders", () => {
  const now = Date.parse("2025-03-05T10:00:00Z");
  it("allows cancelling a live order under 1 hour old only", () => {
    expect(canCancelOrder(order({ orderDate: "2025-03-05T09:01:00Z" }), now)).toBe(true);
    expect(canCancelOrder(order({ orderDate: "2025-03-05T09:00:00Z" }), now)).toBe(false);
    expect(
      canCancelOrder(order({ orderDate: "2025-03-05T09:30:00Z", status: "cancelled" }), now),
    ).toBe(false);
    expect(
      canCancelOrder(order({ orderDate: "2025-03-05T09:30:00Z", status: "completed" }), now),
    ).toBe(true);
  });

  it("sorts newest first and finds a day's live and cancelled orders", () => {
    const a = order({ id: 1, orderDate: "2025-03-01T08:00:00Z", status: "cancelled" });
    const b = order({ id: 2, orderDate: "2025-03-02T08:00:00Z" });
    expect(newestFirst([a, b]).map((o) => o.id)).toEqual([2, 1]);
    expect(ordersForDay([a, b], 3, 11, 1, 1)).toEqual({ live: b, cancelled: a });
    expect(ordersForDay([a, b], 4, 11, 1, 1)).toEqual({ live: undefined, cancelled: undefined });
  });
});

describe("day state", () => {
  // Wednesday 5 March 2025, 09:00 in Lusaka (UTC+2); the cycle starts Monday 3 March.
  const ctx: CalendarContext = {
    cycle: {
      id: 3,
      startDate: "2025-03-03",
      cycleLength: 4,
      blockedDays: [{ weekNumber: 2, dayOfWeek: 4 }],
    },
    cutoff: { cutoffHour: 8, cutoffMinute: 0 },
    timeZone: "Africa/Lusaka",
    now: new Date("2025-03-05T07:00:00Z"),
    orders: [
      order({ weekNumber: 2, dayOfWeek: 1 }),
      order({ id: 2, weekNumber: 2, dayOfWeek: 2, status: "cancelled" }),
    ],
    cart: [cartItem({ weekNumber: 2, dayOfWeek: 3 })],
    menu: [
      menuItem(),
      menuItem({ id: 102, type: "secondary" }),
      menuItem({ id: 103, daysOfWeek: [1] }),
    ],
  };
  const chipo = { id: 11, menuType: "primary" as const };

  it("shows exactly one state per day", () => {
    expect(dayState(ctx, chipo, 2, 1)).toMatchObject({ kind: "ordered", label: "Order Pending" });
    expect(dayState(ctx, chipo, 2, 2)).toMatchObject({ kind: "open", cancelled: true });
    expect(dayState(ctx, chipo, 2, 3)).toMatchObject({ kind: "in-cart" });
    expect(dayState(ctx, chipo, 2, 4)).toEqual({
      kind: "closed",
      why: { kind: "blocked", reason: null },
    });
    expect(dayState(ctx, chipo, 1, 2)).toEqual({
      kind: "closed",
      why: { kind: "ordering-closed", today: false },
    }); // past
    expect(dayState(ctx, chipo, 1, 3)).toEqual({
      kind: "closed",
      why: { kind: "ordering-closed", today: true },
    }); // today after 08:00
    const friday = dayState(ctx, chipo, 2, 5);
    expect(friday.kind === "open" && friday.items.map((i) => i.id)).toEqual([101]);
  });

  it("says why a day is closed (issue 24 §3)", () => {
    const why = (week: number, day: number, c = ctx) => {
      const state = dayState(c, chipo, week, day);
      return state.kind === "closed" ? closedReason(state.why, c.cutoff) : "open";
    };
    expect(why(1, 2)).toBe("Ordering for this day has closed.");
    expect(why(1, 3)).toBe("Ordering for today closed at 08:00.");
    expect(why(2, 4)).toBe("Closed by the school");
    // Once blocked days carry the reason given when the day was closed, it is shown.
    const withReason = {
      ...ctx,
      cycle: {
        ...ctx.cycle,
        blockedDays: [{ weekNumber: 2, dayOfWeek: 4, reason: "Independence Day" }],
      },
    };
    expect(why(2, 4, withReason)).toBe("Independence Day");
    expect(formatCutoff({ cutoffHour: 7, cutoffMinute: 5 })).toBe("07:05");
  });

  it("shows a day the other guardian ordered as ordered, before closed or in the cart (issue 49)", () => {
    const other = { cycleId: 3, weekNumber: 2, dayOfWeek: 5, by: "Jane Banda" };
    const withOther = {
      ...ctx,
      otherGuardianDays: [other, { ...other, cycleId: 4, dayOfWeek: 3 }],
    };
    expect(dayState(withOther, chipo, 2, 5)).toEqual({
      kind: "ordered-by-other",
      by: "Jane Banda",
    });
    // Another cycle's day is not this one's; one's own order still comes first.
    expect(dayState(withOther, chipo, 2, 3)).toMatchObject({ kind: "in-cart" });
    expect(
      dayState({ ...withOther, otherGuardianDays: [{ ...other, dayOfWeek: 1 }] }, chipo, 2, 1),
    ).toMatchObject({ kind: "ordered", label: "Order Pending" });
  });

  it("hides completed weeks", () => {
    const saturday = new Date("2025-03-08T08:00:00Z");
    expect(openWeeks(ctx.cycle, ctx.cutoff, ctx.timeZone, ctx.now)).toEqual([1, 2, 3, 4]);
    expect(openWeeks(ctx.cycle, ctx.cutoff, ctx.timeZone, saturday)).toEqual([2, 3, 4]);
  });
});

describe("formats and links", () => {
  it("formats school dates and instants", () => {
    expect(formatDayDate("2025-03-05")).toBe("05 Mar");
    expect(formatInstant("2025-03-05T07:41:00Z", "Africa/Lusaka")).toBe("05 Mar 2025, 09:41");
    expect(gradeLabel("K")).toBe("Grade K");
    expect(gradeLabel("teacher")).toBe("Staff");
  });

  it("builds the WhatsApp link from the number's digits and the username", () => {
    expect(whatsappLink("", "mary")).toBeNull();
    const link = whatsappLink("+260 97 123-4567", "mary.banda");
    expect(link).toMatch(/^https:\/\/wa\.me\/260971234567\?text=/);
    expect(decodeURIComponent(link!.split("text=")[1]!)).toContain("mary.banda");
  });
});
