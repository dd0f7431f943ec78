import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OrderCyclesSection } from "@/components/admin/cycles/order-cycles-section";
import { formatCalendarDate } from "@/components/admin/cycles/cycle-format";
import { weekdayName } from "@/lib/client/format";
import type { OrderCycleDto } from "@/lib/contracts";
import { addDaysIso, cycleEndDate, mondayOf, schoolToday } from "@/lib/school-calendar";
import { mockFetch, renderPortal, TZ } from "./portal-harness";

// Issue 44 §8: "Close a day" offers only the days still to come (today included, on the school's
// clock) of the running cycle and of the next one, the soonest first and chosen; Back from the
// confirmation keeps the chosen day and the reason.

jest.setTimeout(20_000);

const today = schoolToday(TZ);
// Started the Monday before this week's: its first week is past whatever today is, weeks 3-4 to come.
const start = addDaysIso(mondayOf(today), -7);
const nextStart = addDaysIso(start, 28);

/** The cycle's week and day of a date. */
function weekDayOf(cycleStart: string, date: string) {
  const days = (Date.parse(date) - Date.parse(cycleStart)) / 86_400_000;
  return { weekNumber: Math.floor(days / 7) + 1, dayOfWeek: (days % 7) + 1 };
}

/** The school days from `from` on, in order. */
function schoolDaysFrom(from: string, count: number): string[] {
  const days: string[] = [];
  for (let date = from; days.length < count; date = addDaysIso(date, 1)) {
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (day >= 1 && day <= 5) days.push(date);
  }
  return days;
}

const [soonest, second, third] = schoolDaysFrom(today, 3) as [string, string, string];

function cycle(overrides: Partial<OrderCycleDto>): OrderCycleDto {
  const startDate = overrides.startDate ?? start;
  return {
    id: 3,
    startDate,
    endDate: cycleEndDate({ startDate, cycleLength: 4 }),
    cycleLength: 4,
    isActive: true,
    blockedDays: [],
    createdAt: "2026-01-01T10:00:00.000Z",
    orderingOpensAt: "2026-01-01T10:00:00.000Z",
    ...overrides,
  };
}

// The soonest school day is closed already: the first offered is the one after it.
const running = cycle({
  blockedDays: [{ ...weekDayOf(start, soonest), reason: "Holiday" }],
});
const next = cycle({ id: 4, startDate: nextStart, orderingOpensAt: "2099-01-01T00:00:00.000Z" });

const label = (cycleStart: string, date: string, suffix = "") => {
  const { weekNumber, dayOfWeek } = weekDayOf(cycleStart, date);
  return `W${weekNumber} ${weekdayName(dayOfWeek).slice(0, 3)}, ${formatCalendarDate(date)}${suffix}`;
};

const previewPath = (id: number, date: string, cycleStart: string) => {
  const { weekNumber, dayOfWeek } = weekDayOf(cycleStart, date);
  return `GET /api/order-cycles/${id}/close-day?weekNumber=${weekNumber}&dayOfWeek=${dayOfWeek}`;
};

function renderSection(routes: Record<string, unknown> = {}) {
  const calls = mockFetch({
    "GET /api/order-cycles": [running, next],
    "GET /api/order-cycles/history?page=1": {
      data: [],
      metadata: {
        total: 0,
        page: 1,
        pageSize: 10,
        totalPages: 0,
        hasNextPage: false,
        hasPreviousPage: false,
      },
    },
    ...routes,
  });
  renderPortal(<OrderCyclesSection />);
  return calls;
}

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Close a day" }));
  return screen.findByRole("dialog", { name: "Close a day" });
}

describe("Close a day", () => {
  it("offers only the days still to come, of the running and the next cycle, the soonest chosen", async () => {
    const user = userEvent.setup();
    renderSection();
    const form = await openForm(user);
    const picker = within(form).getByLabelText("Day to close");
    const options = within(picker)
      .getAllByRole("option")
      .map((o) => o.textContent);

    // The soonest school day is closed already, so the one after it comes first and is chosen.
    expect(options[0]).toBe(label(start, second));
    expect(picker).toHaveDisplayValue(label(start, second));
    expect(options).not.toContain(label(start, soonest));
    // Nothing before today: the running cycle's first week is over.
    expect(options).not.toContain(label(start, start));
    expect(options.some((o) => o?.startsWith("W1 "))).toBe(true); // only the next cycle's
    expect(
      options.filter((o) => o?.startsWith("W1 ")).every((o) => o?.endsWith("(next cycle)")),
    ).toBe(true);
    // Soonest first, and the next cycle's days after the running one's.
    expect(options.at(-1)).toBe(label(nextStart, cycleEndDate(next), " (next cycle)"));
    expect(options).toHaveLength(
      schoolDaysFrom(today, 100).filter((d) => d <= cycleEndDate(next)).length - 1,
    );
  });

  it("closes a day of the next cycle on that cycle", async () => {
    const user = userEvent.setup();
    const calls = renderSection({
      [previewPath(4, nextStart, nextStart)]: { cancelledCount: 0, creditedTotal: "0.00" },
      "POST /api/order-cycles/4/close-day": { cancelledCount: 0, creditedTotal: "0.00" },
    });
    const form = await openForm(user);
    await user.selectOptions(
      within(form).getByLabelText("Day to close"),
      label(nextStart, nextStart, " (next cycle)"),
    );
    await user.type(within(form).getByLabelText("Reason (sent to parents)"), "Term starts late");
    await user.click(within(form).getByRole("button", { name: "Review" }));
    const confirm = await screen.findByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Close the day" }));
    expect(await screen.findByText("Day closed")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: "/api/order-cycles/4/close-day",
      body: { weekNumber: 1, dayOfWeek: 1, reason: "Term starts late" },
    });
  });

  it("goes Back from the confirmation to the form as it was left", async () => {
    const user = userEvent.setup();
    const calls = renderSection({
      [previewPath(3, third, start)]: { cancelledCount: 2, creditedTotal: "91.00" },
      "POST /api/order-cycles/3/close-day": { cancelledCount: 2, creditedTotal: "91.00" },
    });
    const form = await openForm(user);
    await user.selectOptions(within(form).getByLabelText("Day to close"), label(start, third));
    await user.type(within(form).getByLabelText("Reason (sent to parents)"), "Water cut");
    await user.click(within(form).getByRole("button", { name: "Review" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent(`Close ${label(start, third)}?`);

    await user.click(within(confirm).getByRole("button", { name: "Back" }));
    const again = await screen.findByRole("dialog", { name: "Close a day" });
    expect(within(again).getByLabelText("Day to close")).toHaveDisplayValue(label(start, third));
    expect(within(again).getByLabelText("Reason (sent to parents)")).toHaveValue("Water cut");
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.click(within(again).getByRole("button", { name: "Review" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Close the day" }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({
        ...weekDayOf(start, third),
        reason: "Water cut",
      }),
    );
  });

  it("starts again from the soonest day and no reason when opened after Cancel", async () => {
    const user = userEvent.setup();
    renderSection();
    let form = await openForm(user);
    await user.selectOptions(within(form).getByLabelText("Day to close"), label(start, third));
    await user.type(within(form).getByLabelText("Reason (sent to parents)"), "Strike");
    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    form = await openForm(user);
    expect(within(form).getByLabelText("Day to close")).toHaveDisplayValue(label(start, second));
    expect(within(form).getByLabelText("Reason (sent to parents)")).toHaveValue("");
  });
});
