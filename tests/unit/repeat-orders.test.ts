import { describe, expect, it } from "@jest/globals";
import type { CalendarContext } from "@/lib/client/day-state";
import {
  lastOrderedWeek,
  planEveryWeek,
  planRepeatLastWeek,
  skipText,
  type RepeatStudent,
} from "@/lib/client/repeat-orders";
import type { CartItem, MenuItemDto, OrderDto } from "@/lib/contracts";
import { repeatSummary } from "@/components/portal/repeat-note";

// Repeat orders (issue 19): the pure plan behind "Repeat last week" and "Every week".

const tz = "Africa/Lusaka";
// Active cycle 3: 4 weeks from Monday 2 November 2026, week 3's Wednesday blocked. The clock: Tuesday
// 10 November (week 2) at 07:00 in Lusaka, before the 08:00 cut-off.
const cycle = {
  id: 3,
  startDate: "2026-11-02",
  cycleLength: 4,
  blockedDays: [{ weekNumber: 3, dayOfWeek: 3 }],
};
const now = new Date("2026-11-10T05:00:00Z");
const chipo: RepeatStudent = { id: 11, name: "Chipo", grade: "3", menuType: "primary" };

const item = (id: number, name: string, extra: Partial<MenuItemDto> = {}): MenuItemDto => ({
  id,
  name,
  description: null,
  price: "30.00",
  discountPrice: null,
  imageUrl: null,
  type: "primary",
  categories: [],
  proteinDescriptions: {},
  weekNumbers: [1, 2, 3, 4],
  daysOfWeek: [1, 2, 3, 4, 5],
  allergens: [],
  sideDishes: [],
  isAvailable: true,
  isArchived: false,
  dailyCap: null,
  ...extra,
});
const beef = item(101, "Nshima with Beef Stew", { categories: ["beef", "chicken"] });
const rice = item(102, "Rice and Chicken", { allergens: ["Eggs"] });
const soup = item(103, "Pumpkin Soup", { weekNumbers: [1, 2] });

let nextId = 500;
const order = (
  weekNumber: number,
  dayOfWeek: number,
  menu: MenuItemDto,
  extra: Partial<OrderDto> = {},
): OrderDto => ({
  id: (nextId += 1),
  orderDate: "2026-10-30T08:00:00.000Z",
  weekNumber,
  dayOfWeek,
  cycleId: 3,
  studentId: 11,
  student: { name: "Chipo", grade: "3", allergies: [], dietaryNotes: null },
  menuItemId: menu.id,
  menuItem: { name: menu.name },
  category: null,
  sideDish: null,
  comments: null,
  originalPrice: "30.00",
  discountedPrice: "30.00",
  discountPercentage: 0,
  allergyAcknowledged: false,
  status: "completed",
  paymentStatus: "confirmed",
  ...extra,
});

const context = (orders: OrderDto[], cart: CartItem[] = [], menu = [beef, rice, soup]) =>
  ({
    cycle,
    cutoff: { cutoffHour: 8, cutoffMinute: 0 },
    timeZone: tz,
    now,
    orders,
    cart,
    menu,
    cycles: [
      { id: 2, startDate: "2026-10-05" },
      { id: 3, startDate: cycle.startDate },
    ],
  }) satisfies CalendarContext & { cycles: unknown };

describe("the last ordered week", () => {
  it("is the most recent week before the one on screen with live orders, one per weekday", () => {
    const week1 = [order(1, 1, beef), order(1, 3, rice)];
    const cancelledWeek2 = order(2, 2, soup, { status: "cancelled" });
    const otherChild = order(2, 4, beef, { studentId: 12 });
    const found = lastOrderedWeek(
      [...week1, cancelledWeek2, otherChild, order(4, 1, beef)],
      context([]).cycles,
      cycle.startDate,
      11,
      3,
    );
    expect(found.map((o) => [o.weekNumber, o.dayOfWeek])).toEqual([
      [1, 1],
      [1, 3],
    ]);
  });

  it("reaches into the previous cycle when this one has no earlier orders", () => {
    // Cycle 2's week 4 is the week of 26 October, just before cycle 3 began.
    const found = lastOrderedWeek(
      [order(3, 2, beef, { cycleId: 2 }), order(4, 5, rice, { cycleId: 2 })],
      context([]).cycles,
      cycle.startDate,
      11,
      1,
    );
    expect(found.map((o) => [o.cycleId, o.weekNumber, o.dayOfWeek])).toEqual([[2, 4, 5]]);
  });
});

describe("Repeat last week", () => {
  it("copies the meals with their choices to the same weekdays of the week on screen", () => {
    const ctx = context([
      order(1, 1, beef, { category: "chicken", comments: "No onions" }),
      order(1, 2, rice),
    ]);
    const plan = planRepeatLastWeek(ctx, chipo, 4);
    expect(plan.sourceWeekFound).toBe(true);
    expect(plan.skipped).toEqual([]);
    expect(
      plan.added.map((l) => [l.menuItemId, l.weekNumber, l.dayOfWeek, l.category, l.comments]),
    ).toEqual([
      [101, 4, 1, "chicken", "No onions"],
      [102, 4, 2, "", ""],
    ]);
  });

  it("leaves out what cannot be ordered and says why", () => {
    const ctx = context(
      [
        order(2, 1, beef, { category: "chicken" }), // repeated on week 3's Monday
        order(2, 2, beef, { category: "goat" }), // the protein is gone
        order(2, 3, rice), // week 3 Wednesday is blocked
        order(2, 4, soup), // soup is not scheduled in week 3
        order(2, 5, item(104, "Fish Fingers")), // no longer on the menu
      ],
      [],
    );
    const plan = planRepeatLastWeek(ctx, chipo, 3);
    expect(plan.added.map((l) => l.dayOfWeek)).toEqual([1]);
    expect(plan.skipped).toEqual([
      { weekNumber: 3, dayOfWeek: 2, mealName: "Nshima with Beef Stew", reason: "choice-gone" },
      { weekNumber: 3, dayOfWeek: 3, mealName: "Rice and Chicken", reason: "blocked" },
      { weekNumber: 3, dayOfWeek: 4, mealName: "Pumpkin Soup", reason: "not-scheduled" },
      { weekNumber: 3, dayOfWeek: 5, mealName: "Fish Fingers", reason: "unavailable" },
    ]);
    expect(plan.skipped.map(skipText)).toEqual([
      "Nshima with Beef Stew: its protein or side is no longer offered",
      "Rice and Chicken: the school is closed that day",
      "Pumpkin Soup: not on the menu that day",
      "Fish Fingers: no longer available",
    ]);
  });

  it("skips days already ordered, already in the cart, past the cut-off, or with the child's allergen", () => {
    const ctx = context(
      [
        order(1, 1, beef, { category: "beef" }),
        order(1, 2, beef, { category: "beef" }),
        order(1, 3, beef, { category: "beef" }),
        order(1, 4, rice, { allergyAcknowledged: true }),
        order(2, 3, beef, { category: "beef", status: "pending" }),
      ],
      [
        {
          menuItemId: 102,
          menuItem: {
            id: 102,
            name: "Rice and Chicken",
            type: "primary",
            price: "30.00",
            discountPrice: null,
          },
          weekNumber: 2,
          dayOfWeek: 2,
          studentId: 11,
          student: { id: 11, name: "Chipo", grade: "3" },
          category: "",
          sideDish: "",
          comments: "",
        },
      ],
    );
    const plan = planRepeatLastWeek(ctx, { ...chipo, allergies: ["eggs"] }, 2);
    expect(plan.added).toEqual([]);
    expect(plan.skipped.map((s) => [s.dayOfWeek, s.reason])).toEqual([
      [1, "closed"],
      [2, "in-cart"],
      [3, "ordered"],
      [4, "allergy"],
    ]);
    expect(skipText(plan.skipped[3]!)).toBe(
      "Rice and Chicken: contains Eggs, add it yourself to confirm",
    );
  });

  it("finds nothing to repeat before the first ordered week", () => {
    const plan = planRepeatLastWeek(context([order(3, 1, beef)]), chipo, 2);
    expect(plan).toEqual({ added: [], skipped: [], sourceWeekFound: false });
  });
});

describe("Repeat last week with meals in the cart (issue 44)", () => {
  const cartLine = (weekNumber: number, dayOfWeek: number, menu: MenuItemDto): CartItem => ({
    menuItemId: menu.id,
    menuItem: {
      id: menu.id,
      name: menu.name,
      type: "primary",
      price: "30.00",
      discountPrice: null,
    },
    weekNumber,
    dayOfWeek,
    studentId: 11,
    student: { id: 11, name: "Chipo", grade: "3" },
    category: menu.id === beef.id ? "beef" : "",
    sideDish: "",
    comments: "",
  });

  it("repeats a week that is only in the cart, as a new parent's first week is", () => {
    const ctx = context([], [cartLine(3, 1, beef), cartLine(3, 2, rice)]);
    const plan = planRepeatLastWeek(ctx, chipo, 4);
    expect(plan.sourceWeekFound).toBe(true);
    expect(plan.added.map((l) => [l.menuItemId, l.weekNumber, l.dayOfWeek, l.category])).toEqual([
      [101, 4, 1, "beef"],
      [102, 4, 2, ""],
    ]);
  });

  it("takes the cart's week when it is later than the last ordered one, orders first on a shared week", () => {
    const orders = [
      order(1, 1, beef, { category: "chicken" }),
      order(3, 5, beef, { category: "beef" }),
    ];
    const plan = planRepeatLastWeek(context(orders, [cartLine(3, 2, rice)]), chipo, 4);
    expect(plan.added.map((l) => [l.weekNumber, l.dayOfWeek, l.menuItemId])).toEqual([
      [4, 2, 102],
      [4, 5, 101],
    ]);
    // Another child's cart is not this child's week.
    const other = { ...cartLine(3, 3, rice), studentId: 12 };
    const mine = planRepeatLastWeek(
      context([order(1, 1, beef, { category: "beef" })], [other]),
      chipo,
      4,
    );
    expect(mine.added.map((l) => [l.weekNumber, l.dayOfWeek])).toEqual([[4, 1]]);
  });

  it("does not add a day already in the cart again and counts it as already there", () => {
    const ctx = context([], [cartLine(3, 1, beef), cartLine(3, 2, rice), cartLine(4, 1, soup)]);
    const plan = planRepeatLastWeek(ctx, chipo, 4);
    expect(plan.added.map((l) => l.dayOfWeek)).toEqual([2]);
    expect(plan.skipped).toEqual([
      { weekNumber: 4, dayOfWeek: 1, mealName: "Nshima with Beef Stew", reason: "in-cart" },
    ]);
    expect(repeatSummary(plan.added.length, plan.skipped)).toBe(
      "Added 1 meal to the cart, 1 already in it.",
    );
  });
});

describe("Every week", () => {
  const line: CartItem = {
    menuItemId: 102,
    menuItem: {
      id: 102,
      name: "Rice and Chicken",
      type: "primary",
      price: "30.00",
      discountPrice: null,
    },
    weekNumber: 2,
    dayOfWeek: 3,
    studentId: 11,
    student: { id: 11, name: "Chipo", grade: "3" },
    category: "",
    sideDish: "",
    comments: "Small portion",
    acknowledgedAllergens: ["Eggs"],
  };

  it("copies a line to the same weekday of every later week, keeping an acknowledged allergen", () => {
    const plan = planEveryWeek(context([]), { ...chipo, allergies: ["Eggs"] }, line);
    expect(
      plan.added.map((l) => [l.weekNumber, l.dayOfWeek, l.comments, l.acknowledgedAllergens]),
    ).toEqual([[4, 3, "Small portion", ["Eggs"]]]);
    expect(plan.skipped).toEqual([
      { weekNumber: 3, dayOfWeek: 3, mealName: "Rice and Chicken", reason: "blocked" },
    ]);
  });

  it("skips a week with an order, and does not carry an acknowledgement to a new allergen", () => {
    const peanutRice = item(102, "Rice and Chicken", { allergens: ["Eggs", "Peanuts"] });
    const plan = planEveryWeek(
      context([order(4, 3, beef, { status: "pending" })], [], [peanutRice]),
      { ...chipo, allergies: ["Eggs", "Peanuts"] },
      { ...line, dayOfWeek: 2, weekNumber: 1 },
    );
    expect(plan.added).toEqual([]);
    expect(plan.skipped.map((s) => [s.weekNumber, s.reason, s.allergens])).toEqual([
      [2, "allergy", ["Peanuts"]],
      [3, "allergy", ["Peanuts"]],
      [4, "allergy", ["Peanuts"]],
    ]);
    const ordered = planEveryWeek(context([order(4, 3, beef)]), chipo, {
      ...line,
      acknowledgedAllergens: [],
    });
    expect(ordered.skipped.map((s) => [s.weekNumber, s.reason])).toEqual([
      [3, "blocked"],
      [4, "ordered"],
    ]);
  });
});
