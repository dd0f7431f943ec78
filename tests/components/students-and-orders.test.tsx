import { describe, expect, it } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StudentsTab } from "@/components/parent/students-tab";
import { OrderHistory } from "@/components/portal/order-history";
import {
  TZ,
  baseRoutes,
  futureCycle,
  mockFetch,
  order,
  parentUser,
  renderPortal,
  student,
  zmw,
} from "./portal-harness";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const card = (text: string) => screen.getByText(text).closest("li")!;

describe("the Students tab", () => {
  it("locks the staff account and lets the parent edit and delete the others", async () => {
    mockFetch(
      baseRoutes({
        "GET /api/students": [
          student(),
          student({ id: 12, name: "Mr Banda", grade: "teacher", isStaff: true }),
        ],
      }),
    );
    renderPortal(<StudentsTab user={parentUser} />);

    const staff = (await screen.findByText("Mr Banda")).closest("li")!;
    expect(within(staff).getByText("Staff Account")).toBeInTheDocument();
    expect(within(staff).queryByRole("button")).toBeNull();
    const chipo = card("Chipo");
    expect(within(chipo).getByText("Grade 3")).toBeInTheDocument();
    expect(within(chipo).getByRole("button", { name: "Edit Chipo" })).toBeInTheDocument();
    expect(within(chipo).getByRole("button", { name: "Delete Chipo" })).toBeInTheDocument();
  });

  it("requires a name and a grade, then creates the student", async () => {
    const calls = mockFetch(
      baseRoutes({
        "POST /api/students": { status: 201, body: student({ id: 13, name: "Tendai" }) },
      }),
    );
    renderPortal(<StudentsTab user={parentUser} />);
    await userEvent.click(await screen.findByRole("button", { name: "Add Student" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Student" }));
    expect(await within(dialog).findByText("Name is required")).toBeInTheDocument();
    expect(await screen.findByText("Grade Required")).toBeInTheDocument();
    expect(screen.getAllByText("Please select a grade").length).toBeGreaterThan(0);

    await userEvent.type(within(dialog).getByLabelText("Name"), "  Tendai ");
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Grade" }));
    await userEvent.click(await screen.findByRole("option", { name: "Grade 8" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Student" }));

    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST" && c.path === "/api/students")?.body).toEqual({
        name: "Tendai",
        grade: "8",
        allergies: [],
        dietaryNotes: null,
        className: null,
        parent_id: parentUser.id,
      }),
    );
  }, 15_000);

  it("shows the server's message when a delete fails", async () => {
    mockFetch(
      baseRoutes({
        "DELETE /api/students/11": {
          status: 409,
          body: { message: "This student has active orders" },
        },
      }),
    );
    renderPortal(<StudentsTab user={parentUser} />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete Chipo" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    expect(await screen.findByText("This student has active orders")).toBeInTheDocument();
  });

  it("says when students cannot be loaded", async () => {
    mockFetch(baseRoutes({ "GET /api/students": { status: 500, body: {} } }));
    renderPortal(<StudentsTab user={parentUser} />);
    expect(
      await screen.findByText("Failed to load students. Please try again."),
    ).toBeInTheDocument();
  });
});

describe("Order History", () => {
  it("lists orders newest first and offers Cancel only within the hour", async () => {
    const cycle = futureCycle();
    mockFetch(
      baseRoutes({
        "GET /api/order-cycles": [cycle],
        "GET /api/orders?includeAll=true": [
          order({
            id: 1,
            orderDate: minutesAgo(90),
            menuItem: { name: "Old Meal" },
            paymentStatus: "failed",
          }),
          order({
            id: 2,
            orderDate: minutesAgo(10),
            menuItem: { name: "New Meal" },
            category: "chicken",
            sideDish: "Chips",
            comments: "No salt",
            originalPrice: "50.00",
            discountedPrice: "45.00",
          }),
          order({
            id: 3,
            orderDate: minutesAgo(5),
            menuItem: { name: "Gone Meal" },
            status: "cancelled",
          }),
        ],
      }),
    );
    renderPortal(<OrderHistory timeZone={TZ} />);

    await screen.findByText("New Meal");
    const names = screen.getAllByRole("listitem").map((li) => li.querySelector("p")?.textContent);
    expect(names).toEqual(["Gone Meal", "New Meal", "Old Meal"]);

    const fresh = card("New Meal");
    expect(within(fresh).getByRole("button", { name: /^Cancel Order/ })).toBeInTheDocument();
    expect(within(fresh).getByText("Pending")).toBeInTheDocument();
    expect(within(fresh).getByText("Payment: Confirmed")).toBeInTheDocument();
    expect(within(fresh).getByText("Chicken")).toBeInTheDocument();
    expect(within(fresh).getByText("No salt")).toBeInTheDocument();
    expect(within(fresh).getByText(zmw(4500))).toBeInTheDocument();
    expect(within(fresh).getByText(/Week 1, Monday/)).toBeInTheDocument();

    const old = card("Old Meal");
    expect(within(old).queryByRole("button")).toBeNull();
    expect(within(old).getByText("Payment: Failed")).toHaveAttribute("data-variant", "destructive");
    expect(within(card("Gone Meal")).queryByRole("button")).toBeNull();
    expect(within(card("Gone Meal")).getByText("Cancelled")).toBeInTheDocument();
  });

  it("confirms a cancel and shows the server's error field when it fails", async () => {
    const calls = mockFetch(
      baseRoutes({
        "GET /api/orders?includeAll=true": [order({ id: 2, orderDate: minutesAgo(10) })],
        "POST /api/orders/2/cancel": {
          status: 409,
          body: { error: "Orders can only be cancelled within 1 hour of ordering" },
        },
      }),
    );
    renderPortal(<OrderHistory timeZone={TZ} />);
    await userEvent.click(await screen.findByRole("button", { name: /^Cancel Order/ }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Cancel Order")).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole("button", { name: "Yes, Cancel Order" }));
    expect(
      await screen.findByText("Orders can only be cancelled within 1 hour of ordering"),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/orders/2/cancel")).toBe(true);
  });

  it("falls back to an empty list when orders cannot be fetched", async () => {
    mockFetch(baseRoutes({ "GET /api/orders?includeAll=true": { status: 500, body: {} } }));
    renderPortal(<OrderHistory timeZone={TZ} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading orders");
    expect(await screen.findByText("Failed to fetch orders")).toBeInTheDocument();
    expect(screen.queryAllByRole("listitem")).toHaveLength(0);
  });
});
