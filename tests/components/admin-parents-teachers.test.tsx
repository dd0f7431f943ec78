import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ParentsStudentsSection } from "@/components/admin/parents/parents-section";
import type { ParentDto, ParentsPage } from "@/lib/contracts/people";
import { mockFetch, renderPortal, type FetchCall } from "./portal-harness";

// Issue 44, the office, item 10: Parents & Students finds teachers too (a filter: Parents, the
// spec's default, or Teachers), shows their credit and lets the office adjust it and reset their
// password as for a parent.

jest.setTimeout(20_000);

const account = (id: number, username: string, grade: string): ParentDto => ({
  id,
  username,
  name: username,
  email: null,
  phone: null,
  students: [
    {
      id: id * 10,
      name: `${username} child`,
      grade,
      parentId: id,
      allergies: [],
      dietaryNotes: null,
      className: null,
    },
  ],
});

const page = (data: ParentDto[]): ParentsPage => ({
  data,
  metadata: {
    total: data.length,
    page: 1,
    pageSize: 50,
    totalPages: 1,
    hasNextPage: false,
    hasPreviousPage: false,
  },
});

const credit = (balance: string) => ({ balance, held: "0.00", entries: [] });

const listCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.method === "GET" && c.path.startsWith("/api/parents?")).map((c) => c.path);

describe("Parents & Students: teachers", () => {
  it("lists parents by default and teachers on the filter, with credit and password reset", async () => {
    const teacher = account(60, "mr.tembo", "teacher");
    const calls = mockFetch({
      "GET /api/parents?page=1": page([account(40, "mary.banda", "3")]),
      "GET /api/parents?page=1&role=teacher": page([teacher]),
      "GET /api/parents/60/credit": credit("12.00"),
      "POST /api/parents/60/credit": credit("32.00"),
      "PUT /api/parents/60": teacher,
    });
    renderPortal(<ParentsStudentsSection />);
    const user = userEvent.setup();
    expect(await screen.findByRole("button", { name: "Edit mary.banda" })).toBeInTheDocument();
    expect(screen.getByText("Showing parents 1 to 1 of 1")).toBeInTheDocument();
    expect(listCalls(calls)).toEqual(["/api/parents?page=1"]);

    await user.click(screen.getByRole("combobox", { name: "Show accounts" }));
    await user.click(await screen.findByRole("option", { name: "Teachers" }));
    expect(await screen.findByRole("button", { name: "Edit mr.tembo" })).toBeInTheDocument();
    expect(listCalls(calls)).toContain("/api/parents?page=1&role=teacher");
    expect(window.location.search).toContain("role=teacher");
    expect(screen.getByText("Showing teachers 1 to 1 of 1")).toBeInTheDocument();
    // A teacher's account is not deleted here, nor is their staff record edited.
    expect(screen.queryByRole("button", { name: "Delete mr.tembo" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Show students of mr.tembo" }));
    expect(screen.queryByRole("button", { name: "Add Student" })).toBeNull();
    const region = screen.getByRole("region", { name: "Account credit of mr.tembo" });
    await waitFor(() => expect(region).toHaveTextContent("12.00"));
    await user.click(within(region).getByRole("button", { name: "Adjust credit" }));
    const adjust = await screen.findByRole("dialog", { name: "Adjust credit" });
    await user.type(within(adjust).getByLabelText("Amount (ZMW)"), "20");
    await user.type(within(adjust).getByLabelText("Reason"), "Staff lunch refund");
    await user.click(within(adjust).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(region).toHaveTextContent("32.00"));

    await user.click(screen.getByRole("button", { name: "Edit mr.tembo" }));
    const edit = await screen.findByRole("dialog", { name: "Edit Teacher" });
    expect(
      within(edit).getByText(
        "Leave blank to keep the current password. A new one signs the teacher out.",
      ),
    ).toBeInTheDocument();
    await user.type(within(edit).getByLabelText("Password"), "new-pass-1");
    await user.click(within(edit).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Parent updated successfully")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")).toMatchObject({
      path: "/api/parents/60",
      body: { username: "mr.tembo", password: "new-pass-1" },
    });
  });
});
