import { describe, expect, it, jest } from "@jest/globals";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OrderCyclesSection } from "@/components/admin/cycles/order-cycles-section";
import { StartDateStep } from "@/components/admin/cycles/create-cycle-wizard";
import { formatCalendarDate, formatRevenue } from "@/components/admin/cycles/cycle-format";
import type { CycleHistoryEntry } from "@/lib/contracts/cycles";
import { initialWizardState, wizardReducer } from "@/components/admin/cycles/wizard-state";
import type { OrderCycleDto } from "@/lib/contracts";
import { addDaysIso, DEFAULT_TIMEZONE, mondayOf, schoolToday } from "@/lib/school-calendar";
import { mockFetch, renderPortal, type FetchCall, type Routes } from "./portal-harness";

// The wizard tests click through four steps and a month calendar: slower than Jest's 5 s default.
jest.setTimeout(20_000);

const activeCycle: OrderCycleDto = {
  id: 3,
  startDate: "2026-12-07",
  endDate: "2027-01-15",
  cycleLength: 6,
  isActive: true,
  blockedDays: [
    { weekNumber: 1, dayOfWeek: 1 },
    { weekNumber: 3, dayOfWeek: 5 },
  ],
  createdAt: "2026-11-30T10:00:00.000Z",
  orderingOpensAt: "2026-11-30T10:00:00.000Z",
};

function entry(overrides: Partial<CycleHistoryEntry> = {}): CycleHistoryEntry {
  return {
    id: 21,
    cycleId: 9,
    startDate: "2026-12-07",
    endDate: "2027-01-01",
    createdAt: "2026-11-30T10:00:00.000Z",
    orderingOpensAt: "2026-11-30T10:00:00.000Z",
    isActive: false,
    cycleLength: 4,
    blockedDays: [],
    totalOrders: 12,
    totalRevenue: "1234.50",
    ...overrides,
  };
}

function historyPage(data: CycleHistoryEntry[], page = 1, totalPages = 1) {
  return {
    data,
    metadata: {
      total: data.length,
      page,
      pageSize: 10,
      totalPages,
      hasNextPage: page < totalPages,
      hasPreviousPage: page > 1,
    },
  };
}

const noHistory = historyPage([], 1, 0);

function renderSection(routes: Routes): FetchCall[] {
  const calls = mockFetch({
    "GET /api/order-cycles": [],
    "GET /api/order-cycles/history?page=1": noHistory,
    ...routes,
  });
  renderPortal(<OrderCyclesSection />);
  return calls;
}

const gets = (calls: FetchCall[], path: string) =>
  calls.filter((c) => c.method === "GET" && c.path === path).length;

/** The Monday the calendar shows first: the one of the week holding the 1st of this month. */
function firstShownMonday(): string {
  const now = new Date();
  const first = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-01`;
  return mondayOf(first);
}

async function openWizard(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Create New Order Cycle" }));
  return screen.findByRole("dialog");
}

async function pickFirstMonday(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const mondays = within(dialog)
    .getAllByRole("button", { name: /Monday/ })
    .filter((b) => !(b as HTMLButtonElement).disabled);
  await user.click(mondays[0]!);
}

describe("the Active Order Cycle card", () => {
  it("shows the empty state without an active cycle and no history card", async () => {
    renderSection({});
    expect(
      await screen.findByText(
        "No active order cycle. Create a new cycle to start accepting orders.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create New Order Cycle" })).toBeInTheDocument();
    expect(screen.queryByText("Order Cycle History")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Deactivate Current Cycle" })).toBeNull();
  });

  it("shows the active cycle, its created date and blocked-day count", async () => {
    renderSection({ "GET /api/order-cycles": [activeCycle] });
    expect(
      await screen.findByText("Current 6-week cycle started on Mon 7 Dec 2026"),
    ).toBeInTheDocument();
    expect(screen.getByText("Created on Mon 30 Nov 2026")).toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("2 blocked days in this cycle");
    expect(screen.getByRole("button", { name: "Deactivate Current Cycle" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create New Order Cycle" })).toBeNull();
  });

  it("defaults the length to 4 weeks when the cycle has none", async () => {
    renderSection({
      "GET /api/order-cycles": [{ ...activeCycle, cycleLength: 0, blockedDays: [] }],
    });
    expect(
      await screen.findByText("Current 4-week cycle started on Mon 7 Dec 2026"),
    ).toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("0 blocked days in this cycle");
  });

  it("deactivates after confirmation and refetches", async () => {
    const user = userEvent.setup();
    let cycles: OrderCycleDto[] = [activeCycle];
    const calls = renderSection({
      "GET /api/order-cycles": () => cycles,
      "DELETE /api/order-cycles/3": () => {
        cycles = [];
        return { success: true };
      },
    });
    await user.click(await screen.findByRole("button", { name: "Deactivate Current Cycle" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(await screen.findByRole("button", { name: "Deactivate" }));
    expect(await screen.findByText("Order cycle deactivated")).toBeInTheDocument();
    expect(
      await screen.findByText(
        "No active order cycle. Create a new cycle to start accepting orders.",
      ),
    ).toBeInTheDocument();
    expect(gets(calls, "/api/order-cycles")).toBeGreaterThan(1);
  });

  it("asks again with the server's count when the cycle still has meals to serve, then forces", async () => {
    const user = userEvent.setup();
    const message =
      "2 meals are still to be served from this cycle. Deactivating stops new orders for it; " +
      "the kitchen, labels and history keep these meals. Deactivate anyway?";
    let cycles: OrderCycleDto[] = [activeCycle];
    const calls = renderSection({
      "GET /api/order-cycles": () => cycles,
      "DELETE /api/order-cycles/3": {
        status: 409,
        body: { message, error: message, canForce: true, orderCount: 2 },
      },
      "DELETE /api/order-cycles/3?force=true": () => {
        cycles = [];
        return { ...activeCycle, isActive: false };
      },
    });
    await user.click(await screen.findByRole("button", { name: "Deactivate Current Cycle" }));
    await user.click(await screen.findByRole("button", { name: "Deactivate" }));
    const question = await screen.findByRole("alertdialog");
    expect(within(question).getByText("2 meals still to serve")).toBeInTheDocument();
    expect(within(question).getByText(message)).toBeInTheDocument();
    expect(screen.queryByText("Failed to deactivate order cycle")).toBeNull();
    await user.click(within(question).getByRole("button", { name: "Deactivate anyway" }));
    expect(await screen.findByText("Order cycle deactivated")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
      "/api/order-cycles/3",
      "/api/order-cycles/3?force=true",
    ]);
  });

  it("offers to create the next cycle while one runs, and names the next one with its opening", async () => {
    const running = { ...activeCycle, startDate: "2020-01-06", endDate: "2099-01-30" };
    renderSection({ "GET /api/order-cycles": [running] });
    expect(await screen.findByRole("button", { name: "Create Next Cycle" })).toBeInTheDocument();
  });

  it("closes a day only after a confirmation that says how many orders and how much credit", async () => {
    const user = userEvent.setup();
    // Only days still to come are offered (issue 44): the cycle starts next Monday.
    const startDate = addDaysIso(mondayOf(schoolToday(DEFAULT_TIMEZONE)), 7);
    const calls = renderSection({
      "GET /api/order-cycles": [{ ...activeCycle, startDate }],
      "GET /api/order-cycles/3/close-day?weekNumber=1&dayOfWeek=2": {
        cancelledCount: 3,
        creditedTotal: "136.50",
      },
      "POST /api/order-cycles/3/close-day": { cancelledCount: 3, creditedTotal: "136.50" },
    });
    await user.click(await screen.findByRole("button", { name: "Close a day" }));
    const form = await screen.findByRole("dialog", { name: "Close a day" });
    const day = within(form).getByLabelText("Day to close");
    // W1 Mon is blocked already: the first day offered is W1 Tue.
    expect(within(day).queryByRole("option", { name: /^W1 Mon/ })).toBeNull();
    expect(day).toHaveDisplayValue(`W1 Tue, ${formatCalendarDate(addDaysIso(startDate, 1))}`);
    await user.click(within(form).getByRole("button", { name: "Review" }));
    expect(
      await within(form).findByText("Please give a reason (at most 200 characters)"),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText("Reason (sent to parents)"), "Water cut");
    await user.click(within(form).getByRole("button", { name: "Review" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent(/This cancels 3 orders and credits K\s136\.50/);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Close the day" }));
    expect(await screen.findByText("Day closed")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      weekNumber: 1,
      dayOfWeek: 2,
      reason: "Water cut",
    });
  });

  it("shows the server's message when deactivation fails", async () => {
    const user = userEvent.setup();
    renderSection({
      "GET /api/order-cycles": [activeCycle],
      "DELETE /api/order-cycles/3": { status: 409, body: { message: "Cycle has open orders" } },
    });
    await user.click(await screen.findByRole("button", { name: "Deactivate Current Cycle" }));
    await user.click(await screen.findByRole("button", { name: "Deactivate" }));
    expect(await screen.findByText("Error")).toBeInTheDocument();
    expect(screen.getByText("Cycle has open orders")).toBeInTheDocument();
  });

  it("toasts 'Failed to fetch cycles' when the list cannot load", async () => {
    renderSection({ "GET /api/order-cycles": { status: 500, body: {} } });
    expect(await screen.findByText("Failed to fetch cycles")).toBeInTheDocument();
  });
});

describe("the creation wizard", () => {
  it("enforces the step rules, toggles blocked days and resets on Back/Cancel", async () => {
    const user = userEvent.setup();
    renderSection({});
    let dialog = await openWizard(user);

    // Step 1: Back disabled, Next disabled until a length is chosen.
    expect(within(dialog).getByText("Step 1 of 4: Choose Cycle Length")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Back" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Next" })).toBeDisabled();
    expect(
      within(dialog).getByText("Standard monthly cycle for regular meal planning"),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Extended cycle for longer term planning")).toBeInTheDocument();
    const four = within(dialog).getByRole("button", { name: /4 Weeks/ });
    await user.click(four);
    expect(four).toHaveAttribute("aria-pressed", "true");
    await user.click(within(dialog).getByRole("button", { name: "Next" }));

    // Step 2: only Mondays can be picked; Next waits for one.
    expect(within(dialog).getByText("Step 2 of 4: Select Start Date")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Next" })).toBeDisabled();
    const days = within(within(dialog).getByRole("grid")).getAllByRole("button");
    const enabled = days.filter((b) => !(b as HTMLButtonElement).disabled);
    expect(enabled.length).toBeGreaterThanOrEqual(4);
    expect(enabled.every((b) => /Monday/.test(b.getAttribute("aria-label") ?? ""))).toBe(true);
    expect(days.length - enabled.length).toBeGreaterThanOrEqual(4 * 6);
    await pickFirstMonday(user, dialog);
    const start = firstShownMonday();
    expect(within(dialog).getByText(formatCalendarDate(start))).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Next" })).toBeEnabled();
    await user.click(within(dialog).getByRole("button", { name: "Next" }));

    // Step 3: weeks 1-4 by Monday-Friday toggles.
    expect(within(dialog).getByText("Step 3 of 4: Block Days (Optional)")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Week 4, Friday" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Week 5, Monday" })).toBeNull();
    const wed = within(dialog).getByRole("button", { name: "Week 2, Wednesday" });
    expect(wed).toHaveAttribute("aria-pressed", "false");
    await user.click(wed);
    await user.click(within(dialog).getByRole("button", { name: "Week 1, Monday" }));
    expect(wed).toHaveAttribute("aria-pressed", "true");
    const list = within(dialog).getByRole("list", { name: "Blocked days" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Week 1, Monday", "Week 2, Wednesday"]);
    await user.click(wed);
    expect(wed).toHaveAttribute("aria-pressed", "false");
    expect(within(dialog).queryByText("Week 2, Wednesday")).toBeNull();
    expect(within(dialog).getByText("Week 1, Monday")).toBeInTheDocument();

    // Back keeps the choices.
    await user.click(within(dialog).getByRole("button", { name: "Back" }));
    expect(within(dialog).getByText("Step 2 of 4: Select Start Date")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Next" })).toBeEnabled();

    // Cancel resets to step 1 with nothing chosen.
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    dialog = await openWizard(user);
    expect(within(dialog).getByText("Step 1 of 4: Choose Cycle Length")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: /4 Weeks/ })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(within(dialog).getByRole("button", { name: "Next" })).toBeDisabled();

    // Closing the dialog resets too.
    await user.click(within(dialog).getByRole("button", { name: /6 Weeks/ }));
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    dialog = await openWizard(user);
    expect(within(dialog).getByText("Step 1 of 4: Choose Cycle Length")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: /6 Weeks/ })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  it("snaps a non-Monday to its Monday and clears the blocked days", () => {
    const withBlocked = {
      ...initialWizardState,
      cycleLength: 4 as const,
      startDate: "2026-12-07",
      blockedDays: [{ weekNumber: 2, dayOfWeek: 3 }],
    };
    const snapped = wizardReducer(withBlocked, { type: "date", date: "2026-12-10" });
    expect(snapped.startDate).toBe("2026-12-07");
    expect(snapped.blockedDays).toEqual([]);
    // Across a month and year boundary, a Sunday belongs to the week before.
    expect(wizardReducer(withBlocked, { type: "date", date: "2027-01-03" }).startDate).toBe(
      "2026-12-28",
    );
    // A Monday is taken as it is and keeps the blocked days.
    const monday = wizardReducer(withBlocked, { type: "date", date: "2026-12-14" });
    expect(monday.startDate).toBe("2026-12-14");
    expect(monday.blockedDays).toEqual([{ weekNumber: 2, dayOfWeek: 3 }]);
    // Next refuses to leave step 2 without a Monday.
    const onStep2 = { ...initialWizardState, cycleLength: 4 as const, step: 1 };
    expect(wizardReducer(onStep2, { type: "next" }).step).toBe(1);
  });

  it("calls out a held non-Monday", () => {
    render(
      <StartDateStep
        state={{ ...initialWizardState, step: 1, cycleLength: 4, startDate: "2026-12-09" }}
        dispatch={jest.fn()}
      />,
    );
    expect(screen.getByText("Please select a Monday as the start date.")).toBeInTheDocument();
  });

  it("sends the choices on Create Cycle, shows Creating... and refetches", async () => {
    const user = userEvent.setup();
    let cycles: OrderCycleDto[] = [];
    const calls = renderSection({
      "GET /api/order-cycles": () => cycles,
      "POST /api/order-cycles": (body: unknown) => {
        const b = body as { startDate: string; cycleLength: number };
        cycles = [{ ...activeCycle, id: 4, startDate: b.startDate, cycleLength: b.cycleLength }];
        return cycles[0];
      },
    });
    // Hold the POST so the pending label can be seen.
    const inner = global.fetch;
    let release: () => void = () => {};
    global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === "POST"
        ? new Promise<Response>((resolve) => {
            release = () => resolve(inner(input, init));
          })
        : inner(input, init),
    );

    const dialog = await openWizard(user);
    await user.click(within(dialog).getByRole("button", { name: /6 Weeks/ }));
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    await pickFirstMonday(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    await user.click(within(dialog).getByRole("button", { name: "Week 5, Friday" }));
    await user.click(within(dialog).getByRole("button", { name: "Week 1, Monday" }));
    await user.click(within(dialog).getByRole("button", { name: "Next" }));

    const start = firstShownMonday();
    expect(within(dialog).getByText("Step 4 of 4: Review & Create")).toBeInTheDocument();
    expect(within(dialog).getByText("6 weeks")).toBeInTheDocument();
    expect(within(dialog).getByText(formatCalendarDate(start))).toBeInTheDocument();
    expect(within(dialog).getByText("Week 1, Monday")).toBeInTheDocument();
    expect(within(dialog).getByText("Week 5, Friday")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Create Cycle" }));
    expect(await within(dialog).findByRole("button", { name: "Creating..." })).toBeDisabled();
    release();

    expect(await screen.findByText("Order cycle created")).toBeInTheDocument();
    expect(
      screen.getByText("New 6-week order cycle has been activated successfully."),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.method === "POST" && c.path === "/api/order-cycles");
    expect(post?.body).toEqual({
      startDate: start,
      cycleLength: 6,
      blockedDays: [
        { weekNumber: 1, dayOfWeek: 1 },
        { weekNumber: 5, dayOfWeek: 5 },
      ],
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      await screen.findByText(`Current 6-week cycle started on ${formatCalendarDate(start)}`),
    ).toBeInTheDocument();
    expect(gets(calls, "/api/order-cycles")).toBeGreaterThan(1);
    expect(gets(calls, "/api/order-cycles/history?page=1")).toBeGreaterThan(1);
  });

  it("shows the server's message when creation fails", async () => {
    const user = userEvent.setup();
    renderSection({
      "POST /api/order-cycles": { status: 400, body: { message: "Cycle must start on a Monday" } },
    });
    const dialog = await openWizard(user);
    await user.click(within(dialog).getByRole("button", { name: /4 Weeks/ }));
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    await pickFirstMonday(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    expect(within(dialog).getByText("No blocked days.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Create Cycle" }));
    expect(await screen.findByText("Cycle must start on a Monday")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Create Cycle" })).toBeEnabled();
  });
});

describe("the wizard's overlap check (issue 25)", () => {
  it("stops before the last step while another cycle holds live orders on the dates", async () => {
    const user = userEvent.setup();
    const message =
      "This cycle's dates overlap orders already placed: the cycle of Mon 2 Jan 2040 to Fri 27 " +
      "Jan 2040 (created Sun 1 Jan 2040) still holds 3 live orders on Fri 6 Jan 2040.";
    const monday = firstShownMonday();
    const calls = renderSection({
      [`GET /api/order-cycles/overlap?startDate=${monday}&cycleLength=4`]: {
        overlaps: [],
        message,
      },
      [`GET /api/order-cycles/overlap?startDate=${monday}&cycleLength=6`]: {
        overlaps: [],
        message: null,
      },
    });
    const dialog = await openWizard(user);
    await user.click(within(dialog).getByRole("button", { name: /4 Weeks/ }));
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    await pickFirstMonday(user, dialog);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(message);
    expect(within(dialog).getByRole("button", { name: "Next" })).toBeDisabled();
    // A six-week cycle from that Monday hides nothing: the wizard goes on to its review.
    await user.click(within(dialog).getByRole("button", { name: "Back" }));
    await user.click(within(dialog).getByRole("button", { name: /6 Weeks/ }));
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Next" })).toBeEnabled());
    expect(within(dialog).queryByText(message)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    await user.click(within(dialog).getByRole("button", { name: "Next" }));
    expect(within(dialog).getByRole("button", { name: "Create Cycle" })).toBeEnabled();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});

describe("the Order Cycle History card", () => {
  it("tells cycles with the same dates apart by their creation day (issue 25)", async () => {
    renderSection({
      "GET /api/order-cycles/history?page=1": historyPage([
        entry({ id: 31, cycleId: 31, createdAt: "2026-12-09T10:00:00.000Z" }),
        entry({ id: 30, cycleId: 30, createdAt: "2026-11-30T10:00:00.000Z" }),
        entry({ id: 29, cycleId: 29, startDate: "2026-10-05", endDate: "2026-10-30" }),
      ]),
    });
    expect(await screen.findByText("(created Wed 9 Dec 2026)")).toBeInTheDocument();
    expect(screen.getByText("(created Mon 30 Nov 2026)")).toBeInTheDocument();
    // A cycle whose dates no other shares needs no creation day in its title.
    expect(screen.getAllByText(/^\(created /)).toHaveLength(2);
  });

  it("pages through the history with 'Page X of Y'", async () => {
    const user = userEvent.setup();
    const calls = renderSection({
      "GET /api/order-cycles": [activeCycle],
      "GET /api/order-cycles/history?page=1": historyPage([entry()], 1, 3),
      "GET /api/order-cycles/history?page=2": historyPage(
        [entry({ id: 22, startDate: "2026-10-05", endDate: "2026-11-13", cycleLength: 6 })],
        2,
        3,
      ),
    });
    expect(await screen.findByText("Order Cycle History")).toBeInTheDocument();
    expect(screen.getByText("Mon 7 Dec 2026 to Fri 1 Jan 2027")).toBeInTheDocument();
    expect(screen.getByText("12")).toBeInTheDocument();
    expect(screen.getByText(formatRevenue("1234.50").replace(/\s/g, " "))).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    expect(screen.getByText("Mon 5 Oct 2026 to Fri 13 Nov 2026")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeEnabled();
    expect(calls.some((c) => c.path === "/api/order-cycles/history?page=2")).toBe(true);

    // An entry opens to its details.
    await user.click(screen.getByRole("button", { name: /Mon 5 Oct 2026 to Fri 13 Nov 2026/ }));
    expect(await screen.findByText("6 weeks")).toBeInTheDocument();
  });

  it("offers Reactivate This Cycle only while no cycle is active", async () => {
    renderSection({
      "GET /api/order-cycles": [activeCycle],
      "GET /api/order-cycles/history?page=1": historyPage([entry(), entry({ id: 23 })]),
    });
    expect(await screen.findByText("Order Cycle History")).toBeInTheDocument();
    await screen.findByText("Current 6-week cycle started on Mon 7 Dec 2026");
    expect(screen.queryByRole("button", { name: "Reactivate This Cycle" })).toBeNull();
  });

  it("reactivates an entry when no cycle is active and refetches", async () => {
    const user = userEvent.setup();
    let cycles: OrderCycleDto[] = [];
    const calls = renderSection({
      "GET /api/order-cycles": () => cycles,
      "GET /api/order-cycles/history?page=1": historyPage([entry(), entry({ id: 23 })]),
      "POST /api/order-cycles/9/reactivate": () => {
        cycles = [{ ...activeCycle, id: 9, cycleLength: 4 }];
        return { success: true };
      },
    });
    const buttons = await screen.findAllByRole("button", { name: "Reactivate This Cycle" });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[0]!);
    expect(await screen.findByText("Cycle reactivated")).toBeInTheDocument();
    const post = calls.find((c) => c.path === "/api/order-cycles/9/reactivate");
    expect(post).toMatchObject({ method: "POST", body: {} });
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Reactivate This Cycle" })).toBeNull(),
    );
  });

  it("toasts 'Failed to fetch history' when the history cannot load", async () => {
    renderSection({ "GET /api/order-cycles/history?page=1": { status: 500, body: {} } });
    expect(await screen.findByText("Failed to fetch history")).toBeInTheDocument();
  });
});
