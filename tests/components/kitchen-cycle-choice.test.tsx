import { describe, expect, it } from "@jest/globals";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { KitchenSection } from "@/components/admin/kitchen/kitchen-section";
import { pageMetadata } from "@/lib/contracts/paging";
import type {
  KitchenCycle,
  KitchenCycleChoice,
  KitchenOrders,
  MenuItemPortion,
} from "@/lib/contracts/kitchen";
import { mockFetch, renderPortal } from "./portal-harness";

// Issue 44 §7: while a deactivated cycle still has meals to serve, the Fat Chef View shows it by
// default and offers the next cycle in a Cycle select; the choice is sent as `cycleId` and kept in
// the address (`&cycle=`).

const served: KitchenCycleChoice = {
  id: 3,
  startDate: "2026-03-02",
  endDate: "2026-03-27",
  cycleLength: 4,
  isActive: false,
};
const next: KitchenCycleChoice = {
  id: 9,
  startDate: "2026-04-06",
  endDate: "2026-04-24",
  cycleLength: 3,
  isActive: true,
};

const soup: MenuItemPortion = {
  menuItemId: 41,
  name: "Pumpkin Soup",
  type: "primary",
  totalOrders: 1,
  unpaidOrders: 0,
  proteins: {},
  sides: {},
  comments: [],
};

function orders(cycle: KitchenCycleChoice, date?: string): KitchenOrders {
  const kitchenCycle: KitchenCycle = {
    id: cycle.id,
    startDate: cycle.startDate,
    cycleLength: cycle.cycleLength,
  };
  return {
    data: [],
    metadata: pageMetadata(0, 1, 100),
    cycle: kitchenCycle,
    portions: date ? [{ dayOfWeek: 1, date, primary: [soup], secondary: [] }] : [],
  };
}

const PAGE = "page=1&pageSize=100";

async function choose(label: string, option: string | RegExp) {
  await userEvent.click(screen.getByRole("combobox", { name: label }));
  await userEvent.click(await screen.findByRole("option", { name: option }));
}

describe("Fat Chef View, the cycle to show", () => {
  it("shows the served cycle first and reads the chosen cycle's weeks with cycleId", async () => {
    const calls = mockFetch({
      "GET /api/kitchen/cycles": [served, next],
      [`GET /api/orders/today?${PAGE}`]: orders(served),
      [`GET /api/orders/today?${PAGE}&cycleId=9`]: orders(next),
      [`GET /api/orders/week/2?${PAGE}&cycleId=9`]: orders(next, "2026-04-13"),
    });
    renderPortal(<KitchenSection />, { address: "/?section=kitchen" });
    expect(await screen.findByText("Current cycle started on 2 Mar 2026")).toBeInTheDocument();
    const select = await screen.findByRole("combobox", { name: "Cycle" });
    expect(select).toHaveTextContent("2 Mar 2026 – 27 Mar 2026 (deactivated)");

    await userEvent.click(select);
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "2 Mar 2026 – 27 Mar 2026 (deactivated)",
      "6 Apr 2026 – 24 Apr 2026",
    ]);
    await userEvent.click(screen.getByRole("option", { name: /^6 Apr 2026 – / }));
    expect(await screen.findByText("Current cycle started on 6 Apr 2026")).toBeInTheDocument();
    expect(window.location.search).toBe("?section=kitchen&cycle=9");

    // The chosen cycle's own weeks, its days and their prints.
    await userEvent.click(screen.getByRole("combobox", { name: "Orders to show" }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Today's Orders",
      "Week 1",
      "Week 2",
      "Week 3",
    ]);
    await userEvent.click(screen.getByRole("option", { name: "Week 2" }));
    expect(await screen.findByRole("heading", { name: "Monday, 13 Apr 2026" })).toBeVisible();
    expect(screen.getByRole("link", { name: /^Print labels, Monday/ })).toHaveAttribute(
      "href",
      "/api/kitchen/labels?date=2026-04-13",
    );
    expect(calls.at(-1)?.path).toBe(`/api/orders/week/2?${PAGE}&cycleId=9`);
  });

  it("keeps the choice from the address, and choosing the served cycle again drops it", async () => {
    const calls = mockFetch({
      "GET /api/kitchen/cycles": [served, next],
      [`GET /api/orders/today?${PAGE}`]: orders(served),
      [`GET /api/orders/today?${PAGE}&cycleId=9`]: orders(next),
    });
    renderPortal(<KitchenSection />, { address: "/?section=kitchen&cycle=9" });
    expect(await screen.findByText("Current cycle started on 6 Apr 2026")).toBeInTheDocument();
    expect(calls.some((c) => c.path === `/api/orders/today?${PAGE}`)).toBe(false);
    expect(await screen.findByRole("combobox", { name: "Cycle" })).toHaveTextContent(
      "6 Apr 2026 – 24 Apr 2026",
    );

    await choose("Cycle", /^2 Mar 2026 – /);
    expect(await screen.findByText("Current cycle started on 2 Mar 2026")).toBeInTheDocument();
    expect(window.location.search).toBe("?section=kitchen");
  });

  it("goes back to today when the chosen cycle has no such week", async () => {
    mockFetch({
      "GET /api/kitchen/cycles": [served, next],
      [`GET /api/orders/week/4?${PAGE}`]: orders(served),
      [`GET /api/orders/today?${PAGE}&cycleId=9`]: orders(next),
    });
    renderPortal(<KitchenSection />, { address: "/?section=kitchen&show=week-4" });
    expect(await screen.findByText("Current cycle started on 2 Mar 2026")).toBeInTheDocument();
    await choose("Cycle", /^6 Apr 2026 – /);
    await waitFor(() => expect(window.location.search).toBe("?section=kitchen&cycle=9"));
    expect(await screen.findByText("Current cycle started on 6 Apr 2026")).toBeInTheDocument();
  });

  it("shows no Cycle select when the kitchen has one cycle to show", async () => {
    mockFetch({
      "GET /api/kitchen/cycles": [next],
      [`GET /api/orders/today?${PAGE}`]: orders(next),
    });
    renderPortal(<KitchenSection />);
    expect(await screen.findByText("Current cycle started on 6 Apr 2026")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Orders to show" })).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Cycle" })).not.toBeInTheDocument();
  });
});
