import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { exactAmount } from "@/components/admin/data-table/order-format";
import { amountDisplay } from "@/components/admin/live-orders/live-order-format";
import { MenuCalendar } from "@/components/portal/menu-calendar";
import { OrderHistory } from "@/components/portal/order-history";
import { kwacha } from "@/lib/client/mobile-payment";
import { addDaysIso, mondayOf, schoolToday } from "@/lib/school-calendar";
import {
  TZ,
  baseRoutes,
  futureCycle,
  mockFetch,
  order,
  renderPortal,
  student,
  teacherUser,
} from "./portal-harness";

jest.unstable_mockModule("next/navigation", () => ({
  useRouter: () => ({ refresh: jest.fn(), replace: jest.fn(), push: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));
const { TeacherPortal } = await import("@/components/teacher/teacher-portal");

// Issue 44, item 12: the words a new parent and a teacher read.

// Ordering open since long ago (the cycle field of decision 0071), whatever the fixture's default.
const openCycle = () =>
  futureCycle({ ...({ orderingOpensAt: "2000-01-01T00:00:00.000Z" } as object) });
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const cardOf = (name: string) => screen.getByText(name).closest("li")!;

describe("a paid meal waiting to be served", () => {
  it("reads Paid · to be served beside Order Pending in the calendar", async () => {
    mockFetch(
      baseRoutes({
        "GET /api/order-cycles": [openCycle()],
        "GET /api/orders?includeAll=true": [
          order({ id: 1, weekNumber: 1, dayOfWeek: 2, menuItem: { name: "Paid Meal" } }),
          order({
            id: 2,
            weekNumber: 1,
            dayOfWeek: 3,
            paymentStatus: "pending",
            menuItem: { name: "Unpaid Meal" },
          }),
        ],
      }),
    );
    renderPortal(<MenuCalendar student={{ id: 11, name: "Chipo", grade: "3" }} timeZone={TZ} />);
    const tuesday = (await screen.findByText("Paid Meal")).closest("section")!;
    expect(within(tuesday).getByText("Order Pending")).toBeInTheDocument();
    expect(within(tuesday).getByText("Paid · to be served")).toBeInTheDocument();
    const wednesday = screen.getByText("Unpaid Meal").closest("section")!;
    expect(within(wednesday).getByText("Order Pending")).toBeInTheDocument();
    expect(within(wednesday).queryByText("Paid · to be served")).toBeNull();
  });

  it("reads so in Order History beside the spec's status, and only there", async () => {
    mockFetch(
      baseRoutes({
        "GET /api/orders?includeAll=true": [
          order({ id: 1, menuItem: { name: "Paid Meal" } }),
          order({ id: 2, dayOfWeek: 2, menuItem: { name: "Served Meal" }, status: "completed" }),
          order({ id: 3, dayOfWeek: 3, menuItem: { name: "Owed Meal" }, paymentStatus: "pending" }),
        ],
      }),
    );
    renderPortal(<OrderHistory timeZone={TZ} />);
    await screen.findByText("Paid Meal");
    expect(within(cardOf("Paid Meal")).getByText("Pending")).toBeInTheDocument();
    expect(within(cardOf("Paid Meal")).getByText("Paid · to be served")).toBeInTheDocument();
    expect(within(cardOf("Served Meal")).queryByText("Paid · to be served")).toBeNull();
    expect(within(cardOf("Owed Meal")).queryByText("Paid · to be served")).toBeNull();
  });
});

describe("the meal's special instructions", () => {
  it("no longer suggest typing allergies as free text (issue 44, item 6)", async () => {
    mockFetch(baseRoutes({ "GET /api/order-cycles": [openCycle()] }));
    renderPortal(<MenuCalendar student={{ id: 11, name: "Chipo", grade: "3" }} timeZone={TZ} />);
    await userEvent.click((await screen.findAllByRole("button", { name: /^Add to Cart/ }))[0]!);
    const dialog = await screen.findByRole("dialog");
    const note = within(dialog).getByLabelText("Special Instructions (optional)");
    expect(note.getAttribute("placeholder")).not.toMatch(/allerg/i);
  });
});

describe("Order History", () => {
  it("lists the meal day nearest today first: meals to come soonest first, then past ones latest first", async () => {
    // A cycle that began two weeks ago: week 3 is this week.
    const start = addDaysIso(mondayOf(schoolToday(TZ)), -14);
    const cycle = futureCycle({ startDate: start, endDate: addDaysIso(start, 41), cycleLength: 6 });
    mockFetch(
      baseRoutes({
        "GET /api/order-cycles": [cycle],
        "GET /api/orders?includeAll=true": [
          // Placed newest first in this order: the old list showed them so.
          order({
            id: 1,
            weekNumber: 1,
            dayOfWeek: 1,
            orderDate: hoursAgo(1),
            menuItem: { name: "Long Ago" },
          }),
          order({
            id: 2,
            weekNumber: 5,
            dayOfWeek: 2,
            orderDate: hoursAgo(2),
            menuItem: { name: "Later" },
          }),
          order({
            id: 3,
            weekNumber: 2,
            dayOfWeek: 5,
            orderDate: hoursAgo(3),
            menuItem: { name: "Last Week" },
          }),
          order({
            id: 4,
            weekNumber: 4,
            dayOfWeek: 1,
            orderDate: hoursAgo(4),
            menuItem: { name: "Next" },
          }),
        ],
      }),
    );
    renderPortal(<OrderHistory timeZone={TZ} />);
    await screen.findByText("Next");
    const names = screen.getAllByRole("listitem").map((li) => li.querySelector("p")?.textContent);
    expect(names).toEqual(["Next", "Later", "Last Week", "Long Ago"]);
  });
});

describe("the teacher's portal", () => {
  it("names the teacher, not the username, in the calendar and Order History", async () => {
    const teacher = { ...teacherUser, name: "Joseph Phiri" };
    const staff = student({
      id: 21,
      name: "Mr Phiri",
      grade: "teacher",
      isStaff: true,
      parentId: 9,
    });
    mockFetch(
      baseRoutes({
        "GET /api/order-cycles": [openCycle()],
        "GET /api/students": [staff],
        "GET /api/orders?includeAll=true": [
          order({ studentId: 21, student: { ...order().student, name: "Mr Phiri" } }),
        ],
      }),
    );
    renderPortal(<TeacherPortal user={teacher} timeZone={TZ} />);
    expect(await screen.findByText(/^Ordering for/)).toHaveTextContent(
      "Ordering for Joseph Phiri (Staff)",
    );
    await userEvent.click(screen.getByRole("tab", { name: "Order History" }));
    const history = await screen.findByRole("list");
    await waitFor(() => expect(within(history).getByText("Joseph Phiri")).toBeInTheDocument());
    expect(within(history).queryByText("mr.phiri")).toBeNull();
  });
});

describe("amounts", () => {
  it("are written K 90.00 everywhere, the whole-kwacha tables carrying the exact amount", () => {
    expect(kwacha(9000)).toBe("K\u00a090.00");
    expect(exactAmount("45.5")).toBe("K\u00a045.50");
    expect(amountDisplay("50.00", "45.50")).toEqual({
      paid: "K\u00a046",
      original: "K\u00a050",
      exact: "K\u00a045.50",
    });
  });
});
