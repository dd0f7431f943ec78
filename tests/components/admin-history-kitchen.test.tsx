import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CycleHistorySection } from "@/components/admin/history/cycle-history-section";
import { formatKwacha, priceDisplay } from "@/components/admin/data-table/order-format";
import { KitchenSection } from "@/components/admin/kitchen/kitchen-section";
import { pageMetadata } from "@/lib/contracts/paging";
import type { OrderCycleDto } from "@/lib/contracts";
import type { KitchenOrder, KitchenOrders, MenuItemPortion } from "@/lib/contracts/kitchen";
import type { CycleOrderDto } from "@/lib/contracts/orders";
import { menuItem, mockFetch, renderPortal, type FetchCall, type Routes } from "./portal-harness";

// Cycle History and the kitchen view (spec 001 §2, §7, §9), driven through fetch at the network
// edge: the paths asked for, the bodies posted, and what the admin and the kitchen see.

function cycle(overrides: Partial<OrderCycleDto> = {}): OrderCycleDto {
  return {
    id: 3,
    startDate: "2025-03-03",
    endDate: "2025-03-28",
    cycleLength: 4,
    isActive: true,
    blockedDays: [],
    createdAt: "2025-01-01T00:00:00.000Z",
    orderingOpensAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

function cycleOrder(overrides: Partial<CycleOrderDto> = {}): CycleOrderDto {
  return {
    id: 701,
    orderDate: "2025-03-01T10:30:00.000Z",
    student: { name: "Chipo Banda", grade: "3", allergies: [], dietaryNotes: null },
    menuItem: { name: "Nshima with Beef Stew" },
    weekNumber: 1,
    dayOfWeek: 1,
    category: "beef",
    sideDish: "rape",
    comments: null,
    originalPrice: "50.00",
    discountedPrice: "50.00",
    discountPercentage: 0,
    allergyAcknowledged: false,
    status: "pending",
    cycle: { startDate: "2025-03-03" },
    cartItems: [],
    orderedBy: { name: "Mwansa Banda", username: "mwansa" },
    paymentReference: null,
    ...overrides,
  };
}

function page(data: CycleOrderDto[], total = data.length, pageNo = 1, pageSize = 10) {
  const totalPages = Math.ceil(total / pageSize);
  return {
    timeZone: "Africa/Lusaka",
    data,
    metadata: {
      total,
      page: pageNo,
      pageSize,
      totalPages,
      hasNextPage: pageNo < totalPages,
      hasPreviousPage: pageNo > 1,
    },
  };
}

/**
 * Routes with every GET /api/cycle-orders?… answered by `cycleOrders(params)`; the harness looks
 * routes up by "METHOD path", so a Proxy answers any query string.
 */
function historyRoutes(
  cycleOrders: (params: URLSearchParams) => unknown,
  extra: Routes = {},
): Routes {
  const base: Routes = {
    "GET /api/order-cycles": [cycle(), cycle({ id: 2, startDate: "2025-01-06", isActive: false })],
    "GET /api/menu": [menuItem(), menuItem({ id: 102, name: "Rice and Chicken" })],
    ...extra,
  };
  return new Proxy(base, {
    get(target, key) {
      if (typeof key === "string" && key.startsWith("GET /api/cycle-orders?")) {
        return () => cycleOrders(new URLSearchParams(key.slice(key.indexOf("?") + 1)));
      }
      return target[key as string];
    },
  });
}

function cycleOrderCalls(calls: FetchCall[]) {
  return calls
    .filter((call) => call.path.startsWith("/api/cycle-orders?"))
    .map((call) => call.path.slice("/api/cycle-orders?".length));
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole("combobox", { name: label }));
  await userEvent.click(await screen.findByRole("option", { name: option }));
}

const tenOrders = Array.from({ length: 10 }, (_, i) =>
  cycleOrder({
    id: 700 + i,
    student: { name: `Student ${i}`, grade: "4", allergies: [], dietaryNotes: null },
  }),
);

describe("Cycle History", () => {
  it("asks for the first listed cycle, and a filter change returns to page 1 and clears the selection", async () => {
    const calls = mockFetch(
      historyRoutes((params) =>
        page(
          params.get("page") === "2"
            ? [
                cycleOrder({
                  id: 801,
                  student: { name: "Page Two", grade: "5", allergies: [], dietaryNotes: null },
                }),
              ]
            : tenOrders,
          11,
          Number(params.get("page")),
        ),
      ),
    );
    renderPortal(<CycleHistorySection />);

    expect(await screen.findByText("Student 0")).toBeInTheDocument();
    expect(cycleOrderCalls(calls)).toEqual(["page=1&pageSize=10&cycleId=3"]);
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    // The cycle filter shows the active one badged.
    expect(screen.getByRole("combobox", { name: "Cycle" })).toHaveTextContent("Active");

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page Two")).toBeInTheDocument();
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: "Select order 801" }));
    expect(screen.getByRole("button", { name: "Update 1 Order" })).toBeInTheDocument();

    await choose("Week", "Week 2");
    await waitFor(() =>
      expect(cycleOrderCalls(calls).at(-1)).toBe("page=1&pageSize=10&cycleId=3&weekNumber=2"),
    );
    expect(await screen.findByText("Page 1 of 2")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Update \d+ Orders$/ })).toBeNull();

    await choose("Day", "Wednesday");
    await choose("Status", "cancelled");
    await choose("Menu item", "Rice and Chicken");
    await waitFor(() =>
      expect(cycleOrderCalls(calls).at(-1)).toBe(
        "page=1&pageSize=10&cycleId=3&weekNumber=2&dayOfWeek=3&status=cancelled&menuItemId=102",
      ),
    );
    // Back to 'All' drops the filter from the query.
    await choose("Week", "All weeks");
    await waitFor(() =>
      expect(cycleOrderCalls(calls).at(-1)).toBe(
        "page=1&pageSize=10&cycleId=3&dayOfWeek=3&status=cancelled&menuItemId=102",
      ),
    );
    await choose("Cycle", "6 Jan – 28 Mar 2025");
    await waitFor(() =>
      expect(cycleOrderCalls(calls).at(-1)).toBe(
        "page=1&pageSize=10&cycleId=2&dayOfWeek=3&status=cancelled&menuItemId=102",
      ),
    );
    // Radix selects are slow in jsdom: seven choices take a few seconds.
  }, 20_000);

  it("rounds amounts up to whole kwacha and strikes the original only when it still exceeds the paid amount", async () => {
    expect(priceDisplay("45.50", "45.10")).toEqual({ paid: 46, original: null });
    expect(priceDisplay("50.00", "45.01")).toEqual({ paid: 46, original: 50 });
    expect(priceDisplay("45.00", "45.00")).toEqual({ paid: 45, original: null });
    expect(priceDisplay("0.01", "0.00")).toEqual({ paid: 0, original: 1 });

    mockFetch(
      historyRoutes(() =>
        page([
          cycleOrder({ id: 1, originalPrice: "50.00", discountedPrice: "45.01" }),
          cycleOrder({
            id: 2,
            student: { name: "Tendai", grade: "8", allergies: [], dietaryNotes: null },
            originalPrice: "45.50",
            discountedPrice: "45.10",
          }),
        ]),
      ),
    );
    renderPortal(<CycleHistorySection />);
    const discounted = (await screen.findByText("Chipo Banda")).closest("tr")!;
    expect(within(discounted).getByText(formatKwacha(46).replace(/\s/g, " "))).toBeInTheDocument();
    expect(
      within(discounted).getByText(formatKwacha(50).replace(/\s/g, " ")).tagName.toLowerCase(),
    ).toBe("s");
    const close = screen.getByText("Tendai").closest("tr")!;
    expect(within(close).getByText(formatKwacha(46).replace(/\s/g, " "))).toBeInTheDocument();
    expect(within(close).queryByTestId("original-price")).toBeNull();
    expect(within(close).getByText("Grade 8")).toBeInTheDocument();
  });

  it("posts the selected order ids with the chosen status from 'Update N Orders'", async () => {
    const calls = mockFetch(
      historyRoutes(() => page(tenOrders.slice(0, 3)), {
        "POST /api/orders/status": { updated: 2 },
      }),
    );
    renderPortal(<CycleHistorySection />);
    await screen.findByText("Student 0");

    await userEvent.click(screen.getByRole("checkbox", { name: "Select order 700" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Select order 702" }));
    const update = screen.getByRole("button", { name: "Update 2 Orders" });
    expect(update).toBeDisabled();
    await choose("New status", "Mark as Cancelled");
    await userEvent.click(update);

    expect(await screen.findByText("Status updated")).toBeInTheDocument();
    expect(screen.getByText("Successfully updated status for 2 orders")).toBeInTheDocument();
    const post = calls.find((call) => call.method === "POST");
    expect(post?.path).toBe("/api/orders/status");
    expect(post?.body).toEqual({ orderIds: [700, 702], status: "cancelled" });
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Update/ })).toBeNull());
  });

  it("selects every row of the page with the select-all checkbox, and reports a failed update", async () => {
    const calls = mockFetch(
      historyRoutes(() => page(tenOrders.slice(0, 3)), {
        "POST /api/orders/status": { status: 500, body: {} },
      }),
    );
    renderPortal(<CycleHistorySection />);
    await screen.findByText("Student 0");
    await userEvent.click(screen.getByRole("checkbox", { name: "Select all orders on this page" }));
    await choose("New status", "Mark as Completed");
    await userEvent.click(screen.getByRole("button", { name: "Update 3 Orders" }));

    expect(await screen.findByText("Error updating status")).toBeInTheDocument();
    expect(screen.getByText("Failed to update order statuses")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      orderIds: [700, 701, 702],
      status: "completed",
    });
  });

  describe("export", () => {
    let blobs: Blob[];
    let downloads: string[];
    let revoked: string[];
    beforeEach(() => {
      blobs = [];
      downloads = [];
      URL.createObjectURL = jest.fn((blob: Blob | MediaSource) => {
        blobs.push(blob as Blob);
        return "blob:cycle-orders";
      });
      revoked = [];
      URL.revokeObjectURL = (url: string) => {
        revoked.push(url);
      };
      jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        downloads.push(this.download);
      });
    });
    afterEach(() => {
      jest.restoreAllMocks();
    });

    function readBlob(blob: Blob): Promise<string> {
      return new Promise((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "");
        reader.readAsText(blob);
      });
    }

    it("fetches every page of 100 and downloads the CSV with the spec's columns", async () => {
      const first = Array.from({ length: 100 }, (_, i) => cycleOrder({ id: 1000 + i }));
      const second = [
        cycleOrder({
          id: 2000,
          student: { name: "Mwila, Jr", grade: "teacher", allergies: [], dietaryNotes: null },
          menuItem: { name: "Rice and Chicken" },
          weekNumber: 2,
          dayOfWeek: 5,
          category: "chicken",
          sideDish: null,
          comments: 'No "spicy" sauce',
          originalPrice: "30.00",
          discountedPrice: "27.00",
          discountPercentage: 10,
          status: "completed",
          orderedBy: { name: "Mr Phiri", username: "phiri" },
          paymentReference: "ORD-1740823800-7",
        }),
      ];
      const calls = mockFetch(
        historyRoutes((params) => {
          if (params.get("pageSize") === "10") return page(tenOrders, 101);
          return page(params.get("page") === "2" ? second : first, 101, 1, 100);
        }),
      );
      renderPortal(<CycleHistorySection />);
      await screen.findByText("Student 0");
      await choose("Status", "completed");
      await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));

      expect(await screen.findByText("Export successful")).toBeInTheDocument();
      expect(screen.getByText("Export started")).toBeInTheDocument();
      expect(cycleOrderCalls(calls).filter((q) => q.includes("pageSize=100"))).toEqual([
        "page=1&pageSize=100&cycleId=3&status=completed",
        "page=2&pageSize=100&cycleId=3&status=completed",
      ]);
      expect(downloads).toHaveLength(1);
      expect(downloads[0]).toMatch(/^cycle-orders-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(revoked).toEqual(["blob:cycle-orders"]);

      const text = await readBlob(blobs[0]!);
      const lines = text.split("\r\n");
      expect(lines).toHaveLength(102);
      // The spec's columns, then the orderer and the payment's reference (issue 44).
      expect(lines[0]).toBe(
        "Order Date,Student Name,Student Grade,Menu Item,Cycle Start,Week,Day,Category,Side Dish,Comments,Original Price,Discounted Price,Status,Parent,Parent Username,Payment Reference",
      );
      // 10:30 UTC is 12:30 at the school (Africa/Lusaka), though the tests run in America/Lima.
      expect(lines[1]).toBe(
        "2025-03-01 12:30,Chipo Banda,3,Nshima with Beef Stew,2025-03-03,1,Monday,beef,rape,,50.00,50.00,pending,Mwansa Banda,mwansa,",
      );
      expect(lines[101]).toMatch(
        /,"Mwila, Jr",teacher,Rice and Chicken,2025-03-03,2,Friday,chicken,,"No ""spicy"" sauce",30\.00,27\.00,completed,Mr Phiri,phiri,ORD-1740823800-7$/,
      );
    });

    it("says 'No data to export' when nothing matches", async () => {
      mockFetch(historyRoutes(() => page([], 0)));
      renderPortal(<CycleHistorySection />);
      await screen.findByText("No orders found.");
      await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));

      expect(await screen.findByText("No data to export")).toBeInTheDocument();
      expect(
        screen.getByText("There are no orders matching your filter criteria."),
      ).toBeInTheDocument();
      expect(blobs).toHaveLength(0);
    });

    it("fails the export when a chunk cannot be fetched", async () => {
      mockFetch(
        historyRoutes((params) => {
          if (params.get("page") === "2") return { status: 500, body: {} };
          return page(tenOrders, 150, 1, params.get("pageSize") === "100" ? 100 : 10);
        }),
      );
      renderPortal(<CycleHistorySection />);
      await screen.findByText("Student 0");
      await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));

      expect(await screen.findByText("Export failed")).toBeInTheDocument();
      expect(screen.getByText("Failed to fetch data chunk")).toBeInTheDocument();
      expect(blobs).toHaveLength(0);
    });
  });

  it("shows the server's message, else 'Failed to fetch cycle orders'", async () => {
    mockFetch(historyRoutes(() => ({ status: 500, body: {} })));
    renderPortal(<CycleHistorySection />);
    expect(await screen.findAllByText("Failed to fetch cycle orders")).not.toHaveLength(0);
  });
});

function portion(overrides: Partial<MenuItemPortion> = {}): MenuItemPortion {
  return {
    menuItemId: 101,
    name: "Nshima with Beef Stew",
    type: "primary",
    totalOrders: 3,
    unpaidOrders: 0,
    proteins: { beef: 2, chicken: 1 },
    sides: { rape: 2, cabbage: 1 },
    comments: [{ orderId: 11, text: "No onions please" }],
    ...overrides,
  };
}

const kitchenCycle = { id: 3, startDate: "2025-03-03", cycleLength: 4 };

function kitchen(overrides: Partial<KitchenOrders> = {}): KitchenOrders {
  return {
    data: [],
    metadata: pageMetadata(0, 1, 100),
    cycle: kitchenCycle,
    portions: [],
    ...overrides,
  };
}

function kitchenOrder(
  id: number,
  dayOfWeek: number,
  name: string,
  status: KitchenOrder["status"] = "pending",
  unpaid = false,
): KitchenOrder {
  return {
    id,
    dayOfWeek,
    weekNumber: 1,
    comments: null,
    category: null,
    sideDish: null,
    status,
    allergyAcknowledged: false,
    unpaid,
    menuItem: { name, type: name === "Chicken Wrap" ? "secondary" : "primary" },
    student: { name: "Chipo Banda", grade: "3", allergies: [], dietaryNotes: null },
  };
}

const todayOrders = kitchen({
  data: [
    kitchenOrder(11, 1, "Nshima with Beef Stew"),
    kitchenOrder(12, 1, "Nshima with Beef Stew"),
    kitchenOrder(13, 1, "Nshima with Beef Stew", "completed"),
    kitchenOrder(14, 1, "Chicken Wrap"),
  ],
  metadata: pageMetadata(4, 1, 100),
  portions: [
    {
      dayOfWeek: 1,
      date: "2025-03-03",
      primary: [portion()],
      secondary: [
        portion({
          menuItemId: 102,
          name: "Chicken Wrap",
          type: "secondary",
          totalOrders: 1,
          proteins: { chicken: 1 },
          sides: {},
          comments: [],
        }),
      ],
    },
  ],
});

describe("Kitchen view", () => {
  it("marks the meals whose transfer is not yet verified as unpaid (issue 44)", async () => {
    const unpaid = { ...kitchenOrder(12, 1, "Nshima with Beef Stew", "pending", true) };
    unpaid.student = { ...unpaid.student, name: "Mwansa Phiri" };
    mockFetch({
      "GET /api/orders/today?page=1&pageSize=100": {
        ...todayOrders,
        data: todayOrders.data.map((o) => (o.id === 12 ? unpaid : o)),
        portions: todayOrders.portions.map((day) => ({
          ...day,
          primary: [portion({ unpaidOrders: 1 })],
        })),
      },
    });
    renderPortal(<KitchenSection />);

    const list = await screen.findByRole("region", { name: "Unpaid meals" });
    expect(within(list).getByRole("heading", { name: "Unpaid meals (1)" })).toBeInTheDocument();
    expect(within(list).getByText("Mwansa Phiri")).toBeInTheDocument();
    expect(within(list).queryByText("Chipo Banda")).toBeNull();
    const primary = screen.getByRole("region", { name: "Primary Portions" });
    const row = within(primary).getByText("Nshima with Beef Stew").closest("tr")!;
    expect(within(row).getByText("1 unpaid")).toBeInTheDocument();
    const secondary = screen.getByRole("region", { name: "Secondary Portions" });
    expect(within(secondary).queryByText(/unpaid/)).toBeNull();
  });

  it("shows no unpaid mark once every payment is verified", async () => {
    mockFetch({ "GET /api/orders/today?page=1&pageSize=100": todayOrders });
    renderPortal(<KitchenSection />);
    await screen.findByRole("region", { name: "Primary Portions" });
    expect(screen.queryByRole("region", { name: "Unpaid meals" })).toBeNull();
    expect(screen.queryByText(/unpaid/i)).toBeNull();
  });

  it("shows the primary and secondary portion tables with protein and side counts and comments", async () => {
    mockFetch({ "GET /api/orders/today?page=1&pageSize=100": todayOrders });
    renderPortal(<KitchenSection />);

    const today = await screen.findByRole("region", { name: "Today's Orders" });
    expect(within(today).getByRole("heading", { name: "Today's Orders" })).toBeInTheDocument();
    expect(screen.getByText("Current cycle started on 3 Mar 2025")).toBeInTheDocument();
    expect(screen.getByText(/^Last updated \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();

    const primary = within(today).getByRole("region", { name: "Primary Portions" });
    const headers = within(primary)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(headers).toEqual([
      "",
      "Menu Item",
      "Total Orders",
      "Protein Selection",
      "Side Dish Selection",
    ]);
    const row = within(primary).getByText("Nshima with Beef Stew").closest("tr")!;
    const cells = within(row).getAllByRole("cell");
    expect(cells[2]).toHaveTextContent("3");
    expect(cells[3]).toHaveTextContent("beef2chicken1");
    expect(cells[4]).toHaveTextContent("rape2cabbage1");
    expect(within(primary).getByText("No onions please")).toBeInTheDocument();

    const secondary = within(today).getByRole("region", { name: "Secondary Portions" });
    expect(within(secondary).getByText("Chicken Wrap")).toBeInTheDocument();
    expect(within(secondary).getByText("No side dish")).toBeInTheDocument();
  });

  it("marks the pending orders of the selected items complete", async () => {
    const calls = mockFetch({
      "GET /api/orders/today?page=1&pageSize=100": todayOrders,
      "POST /api/orders/status": { updated: 2 },
    });
    renderPortal(<KitchenSection />);
    await screen.findByRole("region", { name: "Primary Portions" });
    expect(screen.queryByText(/items selected/)).toBeNull();

    await userEvent.click(screen.getByRole("checkbox", { name: "Select Nshima with Beef Stew" }));
    expect(screen.getByText("1 item selected")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Mark as Complete" }));

    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")?.body).toEqual({
        orderIds: [11, 12],
        status: "completed",
      }),
    );
    expect(calls.find((call) => call.method === "POST")?.path).toBe("/api/orders/status");
    await waitFor(() => expect(screen.queryByText(/items selected/)).toBeNull());
  });

  it("says 'No orders selected' when the selected items have no pending orders, and reports failures", async () => {
    const calls = mockFetch({
      "GET /api/orders/today?page=1&pageSize=100": kitchen({
        ...todayOrders,
        data: todayOrders.data.map((order) =>
          order.id === 14 ? order : { ...order, status: "completed" },
        ),
      }),
      "POST /api/orders/status": { status: 500, body: {} },
    });
    renderPortal(<KitchenSection />);
    await screen.findByRole("region", { name: "Primary Portions" });

    await userEvent.click(screen.getByRole("checkbox", { name: "Select Nshima with Beef Stew" }));
    await userEvent.click(screen.getByRole("button", { name: "Mark as Complete" }));
    expect(await screen.findByText("No orders selected")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    const secondary = screen.getByRole("region", { name: "Secondary Portions" });
    await userEvent.click(
      within(secondary).getByRole("checkbox", { name: "Select all items in this table" }),
    );
    expect(within(secondary).getByRole("checkbox", { name: "Select Chicken Wrap" })).toBeChecked();
    expect(screen.getByText("2 items selected")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Mark as Complete" }));
    expect(
      await screen.findByText("Failed to update orders. Please try again."),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      orderIds: [14],
      status: "completed",
    });
  });

  it("shows the empty states for today and for a week, with day headings per week", async () => {
    const calls = mockFetch({
      "GET /api/orders/today?page=1&pageSize=100": kitchen(),
      "GET /api/orders/week/2?page=1&pageSize=100": kitchen(),
      "GET /api/orders/week/3?page=1&pageSize=100": kitchen({
        portions: [
          { dayOfWeek: 2, date: "2025-03-18", primary: [portion()], secondary: [] },
          { dayOfWeek: 4, date: "2025-03-20", primary: [portion()], secondary: [] },
        ],
      }),
    });
    renderPortal(<KitchenSection />);
    expect(await screen.findByText("No orders for today")).toBeInTheDocument();

    await choose("Orders to show", "Week 2");
    expect(await screen.findByText("No orders for week 2")).toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe("/api/orders/week/2?page=1&pageSize=100");

    await userEvent.click(screen.getByRole("combobox", { name: "Orders to show" }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Today's Orders",
      "Week 1",
      "Week 2",
      "Week 3",
      "Week 4",
    ]);
    await userEvent.click(screen.getByRole("option", { name: "Week 3" }));
    expect(
      await screen.findByRole("heading", { name: "Tuesday, 18 Mar 2025" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Thursday, 20 Mar 2025" })).toBeInTheDocument();
  });

  it("says 'No active order cycle' without a cycle", async () => {
    mockFetch({ "GET /api/orders/today?page=1&pageSize=100": kitchen({ cycle: null }) });
    renderPortal(<KitchenSection />);
    expect(await screen.findByText("No active order cycle")).toBeInTheDocument();
    expect(screen.getByText("No orders for today")).toBeInTheDocument();
  });
});
