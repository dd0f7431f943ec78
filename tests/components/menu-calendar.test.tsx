import { describe, expect, it } from "@jest/globals";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MenuCalendar } from "@/components/portal/menu-calendar";
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
  renderPortal,
  storeCart,
  type Routes,
} from "./portal-harness";

const chipo = { id: 11, name: "Chipo", grade: "3" };
const day = (name: string) => screen.getByRole("region", { name: new RegExp(`^${name}`) });

function renderCalendar(routes: Routes, props: Partial<Parameters<typeof MenuCalendar>[0]> = {}) {
  mockFetch(baseRoutes(routes));
  renderPortal(<MenuCalendar student={chipo} timeZone={TZ} {...props} />);
}

describe("the menu calendar", () => {
  it("shows each day's one state: order, closed, cancelled, cart or the menu", async () => {
    const cycle = futureCycle({ blockedDays: [{ weekNumber: 1, dayOfWeek: 3 }] });
    storeCart([
      cartItem({
        weekNumber: 1,
        dayOfWeek: 5,
        menuItem: { ...cartItem().menuItem, name: "Cart Meal" },
      }),
    ]);
    renderCalendar({
      "GET /api/order-cycles": [cycle],
      "GET /api/orders?includeAll=true": [
        order({
          id: 1,
          weekNumber: 1,
          dayOfWeek: 2,
          status: "pending",
          menuItem: { name: "Pending Meal" },
        }),
        order({ id: 2, weekNumber: 1, dayOfWeek: 4, status: "completed" }),
        order({ id: 3, weekNumber: 1, dayOfWeek: 1, status: "cancelled" }),
      ],
      "GET /api/menu": [
        menuItem({ discountPrice: "40.00" }),
        menuItem({ id: 102, name: "Secondary Wrap", type: "secondary" }),
        menuItem({ id: 103, name: "Not Today", daysOfWeek: [5] }),
        menuItem({ id: 104, name: "Sold Out", isAvailable: false }),
      ],
    });

    await screen.findByText("Menu Calendar");
    const monday = day("Monday");
    expect(
      within(monday).getByText(formatDayDate(cycleDayDate(cycle.startDate, 1, 1))),
    ).toBeInTheDocument();
    expect(within(monday).getByText("Order cancelled")).toBeInTheDocument();
    expect(within(monday).getByText("Nshima with Beef Stew")).toBeInTheDocument();
    expect(within(monday).getByText("20% off")).toBeInTheDocument();
    expect(within(monday).queryByText("Secondary Wrap")).toBeNull();
    expect(within(monday).queryByText("Not Today")).toBeNull();
    expect(within(monday).queryByText("Sold Out")).toBeNull();
    expect(within(monday).getByRole("button", { name: /^Add to Cart/ })).toBeInTheDocument();

    const tuesday = day("Tuesday");
    expect(within(tuesday).getByText("Order Pending")).toBeInTheDocument();
    expect(within(tuesday).getByText("Pending Meal")).toBeInTheDocument();
    expect(within(tuesday).queryByRole("button")).toBeNull();

    const wednesday = day("Wednesday");
    expect(within(wednesday).getByText("School Closed")).toBeInTheDocument();
    // Issue 24 §3: why, and the cut-off the parent orders against.
    expect(within(wednesday).getByText("Closed by the school")).toBeInTheDocument();
    expect(screen.getByText("Orders for a day close at 08:00 that day.")).toBeInTheDocument();
    expect(within(wednesday).queryByRole("button")).toBeNull();

    expect(within(day("Thursday")).getByText("Order Confirmed")).toBeInTheDocument();

    const friday = day("Friday");
    expect(within(friday).getByText("In cart")).toBeInTheDocument();
    expect(within(friday).getByText("Cart Meal")).toBeInTheDocument();
    await userEvent.click(within(friday).getByRole("button", { name: /^Remove/ }));
    expect(window.localStorage.getItem("cartItems")).toBeNull();
    expect(await within(day("Friday")).findByText("Not Today")).toBeInTheDocument();
  });

  it("hides completed weeks and switches weeks", async () => {
    const cycle = futureCycle();
    renderCalendar({ "GET /api/order-cycles": [cycle] });
    const week2 = await screen.findByRole("button", { name: /^Week 2/ });
    expect(screen.getByRole("button", { name: /^Week 1/ })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(week2);
    expect(week2).toHaveAttribute("aria-pressed", "true");
    expect(
      within(day("Monday")).getByText(formatDayDate(cycleDayDate(cycle.startDate, 2, 1))),
    ).toBeInTheDocument();
  });

  it("requires a protein and a side, then adds the meal to the cart", async () => {
    renderCalendar({
      "GET /api/menu": [
        menuItem({
          categories: ["beef", "chicken"],
          proteinDescriptions: { beef: "Slow-cooked beef stew" },
          sideDishes: ["Coleslaw", "Chips"],
        }),
      ],
    });
    await userEvent.click(
      await within(await waitFor(() => day("Monday"))).findByRole("button", {
        name: /^Add to Cart/,
      }),
    );
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Slow-cooked beef stew")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Add to Cart" }));
    expect(within(dialog).getByText("Please choose a protein")).toBeInTheDocument();
    expect(within(dialog).getByText("Please choose a side dish")).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole("radio", { name: /Beef/ }));
    await userEvent.click(within(dialog).getByRole("radio", { name: "Chips" }));
    await userEvent.type(within(dialog).getByLabelText(/Special Instructions/), "No onions");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add to Cart" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(JSON.parse(window.localStorage.getItem("cartItems")!)).toEqual([
      expect.objectContaining({
        menuItemId: 101,
        studentId: 11,
        weekNumber: 1,
        dayOfWeek: 1,
        category: "beef",
        sideDish: "Chips",
        comments: "No onions",
        menuItem: expect.objectContaining({ price: "50.00", discountPrice: null }),
      }),
    ]);
    expect(within(day("Monday")).getByText("In cart")).toBeInTheDocument();
  });

  it("preselects a protein or side that has a single option (issue 24 §5)", async () => {
    renderCalendar({
      "GET /api/menu": [menuItem({ categories: ["chicken"], sideDishes: ["Rice", "Chips"] })],
    });
    await userEvent.click(
      await within(await waitFor(() => day("Monday"))).findByRole("button", {
        name: /^Add to Cart/,
      }),
    );
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("radio", { name: /Chicken/ })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: "Rice" })).not.toBeChecked();
  });

  it("refuses a day already in the cart", async () => {
    renderCalendar({});
    await userEvent.click(
      await within(await waitFor(() => day("Monday"))).findByRole("button", {
        name: /^Add to Cart/,
      }),
    );
    const dialog = await screen.findByRole("dialog");
    // Meanwhile another tab put a meal for this day in the cart.
    act(() => {
      storeCart([cartItem({ menuItemId: 105, menuItem: { ...cartItem().menuItem, id: 105 } })]);
      window.dispatchEvent(new StorageEvent("storage", { key: "cartItems" }));
    });
    await userEvent.click(within(dialog).getByRole("button", { name: "Add to Cart" }));

    expect(await screen.findByText("Already in Cart")).toBeInTheDocument();
    expect(screen.getByText("You already have this day in your cart")).toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem("cartItems")!) as unknown[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ menuItemId: 105 });
  });

  it("shows the teacher the secondary menu under the username", async () => {
    renderCalendar(
      {
        "GET /api/menu": [
          menuItem({ name: "Primary Porridge" }),
          menuItem({ id: 102, name: "Secondary Wrap", type: "secondary" }),
        ],
      },
      { student: { id: 21, name: "mr.phiri", grade: "teacher" }, menuType: "secondary" },
    );
    expect(await screen.findByText("mr.phiri")).toBeInTheDocument();
    expect(within(day("Monday")).getByText("Secondary Wrap")).toBeInTheDocument();
    expect(within(day("Monday")).queryByText("Primary Porridge")).toBeNull();
  });

  it("says so when there is no active cycle", async () => {
    renderCalendar({ "GET /api/order-cycles": [futureCycle({ isActive: false })] });
    expect(await screen.findByText(/no active order cycle/)).toBeInTheDocument();
  });
});

describe("text typed by other people", () => {
  it("is shown as text, never run as markup (stored XSS through names, descriptions, comments)", async () => {
    const payload = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
    const cycle = futureCycle();
    renderCalendar({
      "GET /api/order-cycles": [cycle],
      "GET /api/orders?includeAll=true": [
        order({ id: 1, weekNumber: 1, dayOfWeek: 2, menuItem: { name: `Stew ${payload}` } }),
      ],
      "GET /api/menu": [menuItem({ name: `Wrap ${payload}`, description: `Tasty ${payload}` })],
    });
    expect(await screen.findAllByText(new RegExp(`Wrap <img src=x`))).not.toHaveLength(0);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector("script")).toBeNull();
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });

  it("shows Sold out, with no Add to Cart, on a day a capped item has none left (issue 47)", async () => {
    const cycle = futureCycle();
    const monday = cycleDayDate(cycle.startDate, 1, 1);
    const tuesday = cycleDayDate(cycle.startDate, 1, 2);
    renderCalendar({
      "GET /api/order-cycles": [cycle],
      "GET /api/menu": [
        menuItem({ name: "Chicken Wrap", dailyCap: 5, left: { [monday]: 0, [tuesday]: 2 } }),
      ],
    });
    await screen.findByText("Menu Calendar");
    const mondayCard = day("Monday");
    expect(within(mondayCard).getByText("Chicken Wrap")).toBeInTheDocument();
    expect(within(mondayCard).getByText("Sold out")).toBeInTheDocument();
    expect(within(mondayCard).queryByRole("button", { name: /^Add to Cart/ })).toBeNull();
    const tuesdayCard = day("Tuesday");
    expect(within(tuesdayCard).queryByText("Sold out")).toBeNull();
    expect(within(tuesdayCard).getByRole("button", { name: /^Add to Cart/ })).toBeInTheDocument();
  });
});
