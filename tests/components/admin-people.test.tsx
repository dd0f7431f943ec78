import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminUsersSection } from "@/components/admin/admins/admins-section";
import { ParentsStudentsSection } from "@/components/admin/parents/parents-section";
import type { SessionUser } from "@/lib/auth/session";
import type { AdminUserDto, ParentDto, ParentsPage } from "@/lib/contracts/people";
import { mockFetch, renderPortal, type FetchCall, type Routes } from "./portal-harness";

// Admin Users and Parents & Students (spec 001 §2, §4, §5, §8), driven through fetch at the
// network edge: what is asked of the server, and what the admin sees.

jest.setTimeout(20_000);

const superadmin: SessionUser = {
  id: 1,
  username: "superadmin",
  name: "superadmin",
  email: null,
  phone: null,
  role: "admin",
  allowedFeatures: [],
  emailVerified: false,
  pendingEmail: null,
  orderReminders: true,
};

const admins: AdminUserDto[] = [
  { id: 2, username: "cook", role: "admin", allowedFeatures: ["kitchen"] },
  {
    id: 1,
    username: "superadmin",
    role: "admin",
    allowedFeatures: ["menu", "kitchen", "cycles", "history", "admins"],
  },
];

/** Replaces fetch with the routes, holding back every PUT until `release` is called. */
function fetchWithHeldPuts(routes: Routes) {
  const calls = mockFetch(routes);
  const answer = global.fetch;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === "PUT") await held;
    return answer(input, init);
  });
  return { calls, release };
}

describe("Admin Users", () => {
  it("applies a toggle at once and restores it when the server refuses", async () => {
    const { calls, release } = fetchWithHeldPuts({
      "GET /api/user": superadmin,
      "GET /api/admin-users": admins,
      "PUT /api/admin-users/2/permissions": { status: 404, body: { message: "User not found" } },
    });
    renderPortal(<AdminUsersSection />);
    const user = userEvent.setup();

    const list = await screen.findByRole("list", { name: "Admin users" });
    expect(within(list).getByText("(Current user)")).toBeInTheDocument();
    // No toggles for oneself (here also the superadmin), and no Change Password for oneself.
    await user.click(within(list).getByRole("button", { name: /superadmin/ }));
    expect(
      await within(list).findByText(
        "You cannot modify your own permissions. Contact another admin for permission changes.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole("switch")).toHaveLength(0);
    expect(within(list).getAllByRole("button", { name: "Change Password" })).toHaveLength(1);
    await user.click(within(list).getByRole("button", { name: /cook/ }));
    const menu = await screen.findByRole("switch", { name: "Menu Management" });
    expect(menu).not.toBeChecked();
    expect(screen.getByRole("switch", { name: "Fat Chef View" })).toBeChecked();

    await user.click(menu);
    // Optimistic: on before the server has answered.
    expect(screen.getByRole("switch", { name: "Menu Management" })).toBeChecked();

    release();
    expect(await screen.findByText("User not found")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")).toEqual([
      {
        method: "PUT",
        path: "/api/admin-users/2/permissions",
        body: { features: ["menu", "kitchen"] },
      },
    ]);
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Menu Management" })).not.toBeChecked(),
    );
  });

  it("offers only the features the admin holds, and shows the empty state", async () => {
    mockFetch({
      "GET /api/user": { ...superadmin, id: 5, username: "lead", allowedFeatures: ["admins"] },
      "GET /api/admin-users": [],
    });
    renderPortal(<AdminUsersSection />);
    expect(await screen.findByText("No admin users found")).toBeInTheDocument();
    // A non-superadmin may grant only what they hold.
    const group = screen.getByRole("group", { name: "Allowed features" });
    expect(within(group).getAllByRole("checkbox")).toHaveLength(1);
    expect(within(group).getByText("Admin Users")).toBeInTheDocument();
  });

  it("shows the spec's messages on the create form and sends nothing invalid", async () => {
    const calls = mockFetch({ "GET /api/user": superadmin, "GET /api/admin-users": admins });
    renderPortal(<AdminUsersSection />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Username"), "ab");
    await user.type(screen.getByLabelText("Password"), "12345");
    await user.click(screen.getByRole("button", { name: "Create Admin User" }));
    expect(await screen.findByText("Username must be at least 3 characters")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });
});

const parent = (overrides: Partial<ParentDto> = {}): ParentDto => ({
  id: 40,
  username: "mary.banda",
  name: "Mary Banda",
  email: "mary@example.com",
  phone: null,
  students: [
    {
      id: 7,
      name: "Chanda Banda",
      grade: "3",
      parentId: 40,
      allergies: [],
      dietaryNotes: null,
      className: null,
    },
  ],
  ...overrides,
});

const page = (data: ParentDto[], total = data.length, pageNumber = 1): ParentsPage => ({
  data,
  metadata: {
    total,
    page: pageNumber,
    pageSize: 50,
    totalPages: Math.ceil(total / 50),
    hasNextPage: pageNumber * 50 < total,
    hasPreviousPage: pageNumber > 1,
  },
});

const parentGets = (calls: FetchCall[]) =>
  calls.filter((c) => c.method === "GET" && c.path.startsWith("/api/parents?")).map((c) => c.path);

describe("Parents & Students", () => {
  it("shows the hint for fewer than 3 characters and sends no request", async () => {
    const calls = mockFetch({
      "GET /api/parents?page=1": page([parent()], 120),
      "GET /api/parents?page=1&search=cha": page([]),
    });
    renderPortal(<ParentsStudentsSection />);
    const user = userEvent.setup();
    expect(await screen.findByText("Showing parents 1 to 50 of 120")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();

    await user.type(screen.getByRole("textbox", { name: "Search parents" }), " ch{Enter}");
    expect(screen.getByText("Please enter at least 3 characters to search")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(parentGets(calls)).toEqual(["/api/parents?page=1"]);

    await user.type(screen.getByRole("textbox", { name: "Search parents" }), "a");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("No results found")).toBeInTheDocument();
    expect(parentGets(calls)).toEqual(["/api/parents?page=1", "/api/parents?page=1&search=cha"]);
    expect(screen.queryByText("Please enter at least 3 characters to search")).toBeNull();
  });

  it("opens the force-delete warning with the order count when the server offers it", async () => {
    const calls = mockFetch({
      "GET /api/parents?page=1": page([parent()]),
      "DELETE /api/parents/40": {
        status: 409,
        body: {
          message: "This parent has 7 orders.",
          error: "This parent has 7 orders.",
          canForce: true,
          orderCount: 7,
        },
      },
      "DELETE /api/parents/40?force=true": {
        message: "Parent, students, orders, and all associated data deleted successfully",
      },
    });
    renderPortal(<ParentsStudentsSection />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole("button", { name: "Delete mary.banda" }));
    const confirm = await screen.findByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));

    const warning = await screen.findByRole("alertdialog", { name: "Force Delete?" });
    expect(warning).toHaveTextContent("mary.banda has 7 orders.");
    // No error toast: the offer is not a failure.
    expect(screen.queryByText("Deletion failed")).toBeNull();
    await user.click(within(warning).getByRole("button", { name: "Force Delete" }));

    expect(
      await screen.findByText(
        "Parent, students, orders, and all associated data deleted successfully",
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
      "/api/parents/40",
      "/api/parents/40?force=true",
    ]);
  });

  it("expands a parent to their students and deletes a student without orders", async () => {
    const calls = mockFetch({
      "GET /api/parents?page=1": page([parent()]),
      "DELETE /api/parents/students/7": { message: "Student deleted successfully" },
    });
    renderPortal(<ParentsStudentsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Show students of mary.banda" }));
    const students = screen.getByRole("list", { name: "Students of mary.banda" });
    expect(students).toHaveTextContent("Chanda Banda");
    expect(students).toHaveTextContent("Grade 3");
    await user.click(within(students).getByRole("button", { name: "Delete Chanda Banda" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    );
    expect(await screen.findByText("Student deleted successfully")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/parents/students/7")).toBe(
      true,
    );
  });

  it("edits a student's class, allergies and dietary notes, and lists them after saving", async () => {
    const saved = {
      id: 7,
      name: "Chanda Banda",
      grade: "3",
      parentId: 40,
      allergies: ["Eggs", "Peanuts"],
      dietaryNotes: "No pork",
      className: "3B",
    };
    let current = parent({
      students: [{ ...saved, allergies: ["Eggs"], dietaryNotes: null, className: null }],
    });
    const calls = mockFetch({
      "GET /api/parents?page=1": () => page([current]),
      "PUT /api/parents/students/7": () => {
        current = parent({ students: [saved] });
        return { ...saved, parent_id: 40, isStaff: false };
      },
    });
    renderPortal(<ParentsStudentsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Show students of mary.banda" }));
    const students = screen.getByRole("list", { name: "Students of mary.banda" });
    expect(students).toHaveTextContent("Allergies: Eggs");
    await user.click(within(students).getByRole("button", { name: "Edit Chanda Banda" }));

    const dialog = await screen.findByRole("dialog", { name: "Edit Student" });
    expect(within(dialog).getByLabelText("Name")).toHaveValue("Chanda Banda");
    expect(within(dialog).getByRole("checkbox", { name: "Eggs" })).toBeChecked();
    await user.type(within(dialog).getByLabelText("Class (optional)"), "3B");
    await user.click(within(dialog).getByRole("checkbox", { name: "Peanuts" }));
    await user.type(within(dialog).getByLabelText("Dietary notes (optional)"), "No pork");
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Student updated successfully")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")).toEqual({
      method: "PUT",
      path: "/api/parents/students/7",
      body: {
        name: "Chanda Banda",
        grade: "3",
        allergies: ["Eggs", "Peanuts"],
        dietaryNotes: "No pork",
        className: "3B",
      },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const updated = await screen.findByRole("list", { name: "Students of mary.banda" });
    await waitFor(() => expect(updated).toHaveTextContent("Grade 3, class 3B"));
    expect(updated).toHaveTextContent("Allergies: Eggs and Peanuts");
    expect(updated).toHaveTextContent("Diet: No pork");
  });

  it("keeps the Edit Student dialog open with the server's message when the change is refused", async () => {
    mockFetch({
      "GET /api/parents?page=1": page([parent()]),
      "PUT /api/parents/students/7": { status: 404, body: { message: "Student not found" } },
    });
    renderPortal(<ParentsStudentsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Show students of mary.banda" }));
    await user.click(screen.getByRole("button", { name: "Edit Chanda Banda" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Student" });
    await user.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Student not found")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Edit Student" })).toBeInTheDocument();
  });

  it("shows a parent's account credit and adjusts it with a reason", async () => {
    const id = parent().id;
    const calls = mockFetch({
      "GET /api/parents?page=1": page([parent()]),
      [`GET /api/parents/${id}/credit`]: {
        balance: "45.50",
        held: "0.00",
        entries: [
          {
            id: 1,
            amount: "45.50",
            kind: "closure",
            description: "School closed: Water cut",
            createdAt: "2026-12-08T07:00:00.000Z",
          },
        ],
      },
      [`POST /api/parents/${id}/credit`]: {
        balance: "35.50",
        held: "0.00",
        entries: [
          {
            id: 2,
            amount: "-10.00",
            kind: "adjustment",
            description: "Adjustment by the school: Paid in cash",
            createdAt: "2026-12-08T08:00:00.000Z",
          },
        ],
      },
    });
    renderPortal(<ParentsStudentsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Show students of mary.banda" }));
    const credit = screen.getByRole("region", { name: "Account credit of mary.banda" });
    await waitFor(() => expect(credit).toHaveTextContent("Account credit: K"));
    expect(credit).toHaveTextContent("45.50");
    expect(credit).toHaveTextContent("School closed: Water cut");
    await user.click(within(credit).getByRole("button", { name: "Adjust credit" }));
    const dialog = await screen.findByRole("dialog", { name: "Adjust credit" });
    await user.type(within(dialog).getByLabelText("Amount (ZMW)"), "-10");
    await user.type(within(dialog).getByLabelText("Reason"), "Paid in cash");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Credit updated")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      amount: "-10",
      reason: "Paid in cash",
    });
    await waitFor(() => expect(credit).toHaveTextContent("35.50"));
  });

  it("requires a password for a new parent and shows 'No parents found' when there are none", async () => {
    const calls = mockFetch({ "GET /api/parents?page=1": page([]) });
    renderPortal(<ParentsStudentsSection />);
    const user = userEvent.setup();
    expect(await screen.findByText("No parents found")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add Parent" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Username"), "new.parent");
    await user.click(within(dialog).getByRole("button", { name: "Add Parent" }));
    expect(
      await within(dialog).findByText("Password is required when creating a new parent"),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });
});
