import { describe, expect, it } from "@jest/globals";
import {
  buildPortions,
  cycleDayOn,
  MAX_COMMENTS_PER_ITEM,
  type CommentRow,
} from "@/lib/kitchen/portions";
import { pageMetadata } from "@/lib/contracts/paging";

const menuItems = [
  { id: 1, name: "Chicken Stew", type: "primary" as const },
  { id: 2, name: "Beef Burger", type: "secondary" as const },
  { id: 3, name: "Apple Pie", type: "primary" as const },
];

describe("buildPortions", () => {
  it("splits each day into primary and secondary tables with protein and side counts", () => {
    const portions = buildPortions({
      startDate: "2026-11-02",
      weekNumber: 2,
      byProtein: [
        { dayOfWeek: 3, menuItemId: 1, key: "chicken", count: 4 },
        { dayOfWeek: 3, menuItemId: 1, key: "beef", count: 2 },
        { dayOfWeek: 3, menuItemId: 1, key: null, count: 1 },
        { dayOfWeek: 1, menuItemId: 2, key: "beef", count: 5 },
        { dayOfWeek: 3, menuItemId: 3, key: "vegetarian", count: 1 },
      ],
      bySide: [
        { dayOfWeek: 3, menuItemId: 1, key: "Rice", count: 6 },
        { dayOfWeek: 3, menuItemId: 1, key: "", count: 1 },
        { dayOfWeek: 1, menuItemId: 2, key: "Chips", count: 3 },
        { dayOfWeek: 1, menuItemId: 2, key: null, count: 2 },
      ],
      comments: [
        { dayOfWeek: 3, menuItemId: 1, orderId: 9, text: "  no onions " },
        { dayOfWeek: 3, menuItemId: 1, orderId: 4, text: "extra sauce" },
        { dayOfWeek: 3, menuItemId: 1, orderId: 5, text: "   " },
      ],
      menuItems,
    });

    expect(portions.map((d) => [d.dayOfWeek, d.date])).toEqual([
      [1, "2026-11-09"],
      [3, "2026-11-11"],
    ]);
    const [monday, wednesday] = portions;
    expect(monday?.primary).toEqual([]);
    expect(monday?.secondary).toEqual([
      {
        menuItemId: 2,
        name: "Beef Burger",
        type: "secondary",
        totalOrders: 5,
        unpaidOrders: 0,
        proteins: { beef: 5 },
        sides: { Chips: 3 },
        comments: [],
      },
    ]);
    expect(wednesday?.secondary).toEqual([]);
    expect(wednesday?.primary.map((p) => p.name)).toEqual(["Apple Pie", "Chicken Stew"]);
    expect(wednesday?.primary[1]).toEqual({
      menuItemId: 1,
      name: "Chicken Stew",
      type: "primary",
      totalOrders: 7,
      unpaidOrders: 0,
      proteins: { chicken: 4, beef: 2 },
      sides: { Rice: 6 },
      comments: [
        { orderId: 4, text: "extra sauce" },
        { orderId: 9, text: "no onions" },
      ],
    });
  });

  it("adds up the orders still awaiting payment of every protein group (issue 44)", () => {
    const [day] = buildPortions({
      startDate: "2026-11-02",
      weekNumber: 1,
      byProtein: [
        { dayOfWeek: 2, menuItemId: 1, key: "chicken", count: 4, unpaid: 1 },
        { dayOfWeek: 2, menuItemId: 1, key: "beef", count: 2, unpaid: 2 },
        { dayOfWeek: 2, menuItemId: 3, key: null, count: 3, unpaid: 0 },
      ],
      bySide: [{ dayOfWeek: 2, menuItemId: 1, key: "Rice", count: 6 }],
      comments: [],
      menuItems,
    });
    expect(day?.primary.map((p) => [p.name, p.totalOrders, p.unpaidOrders])).toEqual([
      ["Apple Pie", 3, 0],
      ["Chicken Stew", 6, 3],
    ]);
  });

  it("keeps at most MAX_COMMENTS_PER_ITEM comments per item and day, the earliest orders first", () => {
    const comments: CommentRow[] = Array.from({ length: MAX_COMMENTS_PER_ITEM + 5 }, (_, i) => ({
      dayOfWeek: 2,
      menuItemId: 1,
      orderId: MAX_COMMENTS_PER_ITEM + 5 - i,
      text: `note ${i}`,
    }));
    const [day] = buildPortions({
      startDate: "2026-11-02",
      weekNumber: 1,
      byProtein: [{ dayOfWeek: 2, menuItemId: 1, key: "chicken", count: comments.length }],
      bySide: [],
      comments,
      menuItems,
    });
    const kept = day?.primary[0]?.comments ?? [];
    expect(kept).toHaveLength(MAX_COMMENTS_PER_ITEM);
    expect(kept[0]?.orderId).toBe(1);
    expect(kept.at(-1)?.orderId).toBe(MAX_COMMENTS_PER_ITEM);
  });

  it("answers no days when nothing was ordered", () => {
    expect(
      buildPortions({
        startDate: "2026-11-02",
        weekNumber: 1,
        byProtein: [],
        bySide: [],
        comments: [],
        menuItems,
      }),
    ).toEqual([]);
  });
});

describe("cycleDayOn", () => {
  const cycle = { startDate: "2026-11-02", cycleLength: 4 };

  it.each([
    ["2026-11-02", { weekNumber: 1, dayOfWeek: 1 }],
    ["2026-11-06", { weekNumber: 1, dayOfWeek: 5 }],
    ["2026-11-11", { weekNumber: 2, dayOfWeek: 3 }],
    ["2026-11-27", { weekNumber: 4, dayOfWeek: 5 }],
  ])("puts %s in the cycle", (date, expected) => {
    expect(cycleDayOn(cycle, date)).toEqual(expected);
  });

  it.each([
    ["a Saturday", "2026-11-07"],
    ["a Sunday", "2026-11-08"],
    ["the day before the start", "2026-11-01"],
    ["the Monday after the last week", "2026-11-30"],
    ["a malformed date", "2026-13-01"],
  ])("answers null for %s", (_label, date) => {
    expect(cycleDayOn(cycle, date)).toBeNull();
  });

  it("knows the fifth and sixth weeks of a 6-week cycle", () => {
    expect(cycleDayOn({ ...cycle, cycleLength: 6 }, "2026-12-11")).toEqual({
      weekNumber: 6,
      dayOfWeek: 5,
    });
  });
});

describe("pageMetadata", () => {
  it.each([
    [0, 1, 100, { totalPages: 0, hasNextPage: false, hasPreviousPage: false }],
    [5, 1, 2, { totalPages: 3, hasNextPage: true, hasPreviousPage: false }],
    [5, 3, 2, { totalPages: 3, hasNextPage: false, hasPreviousPage: true }],
    [5, 4, 2, { totalPages: 3, hasNextPage: false, hasPreviousPage: true }],
  ])("total %i, page %i of size %i", (total, page, pageSize, expected) => {
    expect(pageMetadata(total, page, pageSize)).toEqual({ total, page, pageSize, ...expected });
  });
});
