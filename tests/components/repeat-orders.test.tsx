import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { startCardPayment } from "@/components/parent/checkout";
import { CartView } from "@/components/portal/cart-view";
import { MenuCalendar } from "@/components/portal/menu-calendar";
import type { CartItem } from "@/lib/contracts";
import { formatDayDate } from "@/lib/client/format";
import { cycleDayDate } from "@/lib/school-calendar";
import {
  TZ,
  baseRoutes,
  cartItem,
  futureCycle,
  menuItem,
  mockFetch,
  order,
  parentUser,
  renderPortal,
  storeCart,
  student,
} from "./portal-harness";

// Repeat orders (issue 19) on the screens: "Repeat last week" in the Menu Calendar and a cart
// line's "Every week", each with the note of the lines left out and why.

const chipo = { id: 11, name: "Chipo", grade: "3" };
const storedCart = () =>
  (JSON.parse(window.localStorage.getItem("cartItems") ?? "[]") as CartItem[]).map((i) => [
    i.menuItemId,
    i.weekNumber,
    i.dayOfWeek,
    i.category,
  ]);

// A cycle from next Monday with week 2's Wednesday blocked; beef every week, soup only in week 1.
const cycle = futureCycle({ blockedDays: [{ weekNumber: 2, dayOfWeek: 3 }] });
const menu = [
  menuItem({ categories: ["beef", "chicken"] }),
  menuItem({ id: 103, name: "Pumpkin Soup", weekNumbers: [1] }),
];
const date = (week: number, day: number) => formatDayDate(cycleDayDate(cycle.startDate, week, day));

describe("Repeat last week", () => {
  it("puts last week's meals in the cart on the same weekdays and notes the ones left out", async () => {
    mockFetch(
      baseRoutes({
        "GET /api/order-cycles": [cycle],
        "GET /api/menu": menu,
        "GET /api/orders?includeAll=true": [
          order({ id: 1, weekNumber: 1, dayOfWeek: 1, category: "chicken" }),
          order({
            id: 2,
            weekNumber: 1,
            dayOfWeek: 2,
            menuItemId: 103,
            menuItem: { name: "Pumpkin Soup" },
          }),
          order({ id: 3, weekNumber: 1, dayOfWeek: 3, category: "beef" }),
          order({ id: 4, weekNumber: 1, dayOfWeek: 4, category: "beef", status: "cancelled" }),
          order({ id: 5, weekNumber: 1, dayOfWeek: 5, category: "beef" }),
          order({ id: 6, weekNumber: 2, dayOfWeek: 5, category: "beef", status: "pending" }),
        ],
      }),
    );
    renderPortal(<MenuCalendar student={chipo} timeZone={TZ} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Week 2/ }));
    await user.click(screen.getByRole("button", { name: "Repeat last week" }));

    await waitFor(() => expect(storedCart()).toEqual([[101, 2, 1, "chicken"]]));
    const note = await screen.findByRole("status", { name: "Repeat last week" });
    expect(note).toHaveTextContent("Repeat last week: Added 1 meal to the cart, left out 3.");
    const leftOut = within(note)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(leftOut).toEqual([
      `Week 2, Tuesday ${date(2, 2)}: Pumpkin Soup: not on the menu that day`,
      `Week 2, Wednesday ${date(2, 3)}: Nshima with Beef Stew: the school is closed that day`,
      `Week 2, Friday ${date(2, 5)}: Nshima with Beef Stew: already ordered`,
    ]);
    // Monday now shows the meal in the cart.
    await waitFor(() =>
      expect(
        within(screen.getByRole("region", { name: /^Monday/ })).getByRole("button", {
          name: /Remove/,
        }),
      ).toBeInTheDocument(),
    );

    await user.click(within(note).getByRole("button", { name: "Close note" }));
    expect(screen.queryByRole("status", { name: "Repeat last week" })).toBeNull();
  });

  it("says so when there is no earlier week to repeat, and adds nothing", async () => {
    mockFetch(
      baseRoutes({
        "GET /api/order-cycles": [cycle],
        "GET /api/menu": menu,
        "GET /api/orders?includeAll=true": [order({ weekNumber: 2, dayOfWeek: 1 })],
      }),
    );
    renderPortal(<MenuCalendar student={chipo} timeZone={TZ} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Repeat last week" }));
    expect(
      await screen.findByText("Chipo has no earlier week with meals to repeat"),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem("cartItems")).toBeNull();
  });
});

describe("Repeat last week from the cart (issue 44)", () => {
  it("repeats the meals in the cart, and counts a day already there without adding it again", async () => {
    mockFetch(baseRoutes({ "GET /api/order-cycles": [cycle], "GET /api/menu": menu }));
    storeCart([
      cartItem({ weekNumber: 2, dayOfWeek: 1, category: "chicken" }),
      cartItem({ weekNumber: 2, dayOfWeek: 2, category: "beef" }),
      cartItem({ weekNumber: 3, dayOfWeek: 1, category: "beef" }),
    ]);
    renderPortal(<MenuCalendar student={chipo} timeZone={TZ} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Week 3/ }));
    await user.click(screen.getByRole("button", { name: "Repeat last week" }));

    const note = await screen.findByRole("status", { name: "Repeat last week" });
    expect(note).toHaveTextContent("Repeat last week: Added 1 meal to the cart, 1 already in it.");
    expect(within(note).getByRole("listitem")).toHaveTextContent(
      `Week 3, Monday ${date(3, 1)}: Nshima with Beef Stew: already in the cart`,
    );
    expect(storedCart()).toEqual([
      [101, 2, 1, "chicken"],
      [101, 2, 2, "beef"],
      [101, 3, 1, "beef"],
      [101, 3, 2, "beef"],
    ]);
  });
});

describe("Every week", () => {
  it("copies a cart line to the same weekday of every later week, leaving out what cannot be ordered", async () => {
    storeCart([cartItem({ weekNumber: 1, dayOfWeek: 3, category: "beef", comments: "No salt" })]);
    mockFetch(
      baseRoutes({
        "GET /api/order-cycles": [cycle],
        "GET /api/menu": menu,
        "GET /api/students": [student({ allergies: [] })],
        "GET /api/orders?includeAll=true": [
          order({ weekNumber: 4, dayOfWeek: 3, status: "pending" }),
        ],
      }),
    );
    renderPortal(
      <CartView
        user={parentUser}
        timeZone={TZ}
        onCheckout={startCardPayment}
        onOrdered={jest.fn()}
        onBrowse={jest.fn()}
      />,
    );
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole("button", {
        name: "Every week: Nshima with Beef Stew on every later Wednesday",
      }),
    );

    expect(storedCart()).toEqual([
      [101, 1, 3, "beef"],
      [101, 3, 3, "beef"],
    ]);
    const copies = JSON.parse(window.localStorage.getItem("cartItems")!) as CartItem[];
    expect(copies[1]?.comments).toBe("No salt");
    const note = await screen.findByRole("status", { name: "Every week: Nshima with Beef Stew" });
    expect(note).toHaveTextContent("Added 1 meal to the cart, left out 2.");
    expect(
      within(note)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      `Week 2, Wednesday ${date(2, 3)}: Nshima with Beef Stew: the school is closed that day`,
      `Week 4, Wednesday ${date(4, 3)}: Nshima with Beef Stew: already ordered`,
    ]);
    expect(await screen.findAllByText("Nshima with Beef Stew")).toHaveLength(2);
  });

  it("leaves out a week whose meal holds an allergen the child has and nobody acknowledged", async () => {
    const eggs = menuItem({ allergens: ["Eggs"] });
    storeCart([cartItem({ weekNumber: 3, dayOfWeek: 1 })]);
    mockFetch(
      baseRoutes({
        "GET /api/order-cycles": [cycle],
        "GET /api/menu": [eggs],
        "GET /api/students": [student({ allergies: ["Eggs"] })],
      }),
    );
    renderPortal(
      <CartView
        user={parentUser}
        timeZone={TZ}
        onCheckout={startCardPayment}
        onOrdered={jest.fn()}
        onBrowse={jest.fn()}
      />,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Every week/ }));
    const note = await screen.findByRole("status", { name: /^Every week/ });
    expect(note).toHaveTextContent("Nothing was added to the cart, left out 1.");
    expect(note).toHaveTextContent(
      `Week 4, Monday ${date(4, 1)}: Nshima with Beef Stew: contains Eggs, add it yourself to confirm`,
    );
    expect(storedCart()).toEqual([[101, 3, 1, ""]]);
  });
});
