import { describe, expect, it } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StudentsTab } from "@/components/parent/students-tab";
import type { StudentGuardiansDto } from "@/lib/contracts/guardians";
import { baseRoutes, mockFetch, parentUser, renderPortal, student } from "./portal-harness";

// Issue 49 (decision 0119): the child's Guardians dialog (invite by e-mail, withdraw, who changed
// the allergies) and the second guardian's card (Leave, no counter: the first guardian's wallet).

const oneGuardian: StudentGuardiansDto = {
  guardians: [{ name: "Jane Banda", first: true, you: true }],
  invitation: null,
  canInvite: true,
  changes: [
    {
      at: "2026-12-03T07:41:00.000Z",
      by: "John Phiri",
      byOffice: false,
      added: ["Peanuts"],
      removed: [],
      dietaryNotes: false,
      consent: "given",
    },
  ],
};

describe("the Guardians dialog", () => {
  it("invites a second guardian by e-mail and lists who changed the allergies", async () => {
    const calls = mockFetch(
      baseRoutes({
        "GET /api/students": [student()],
        "GET /api/students/11/guardians": oneGuardian,
        "POST /api/students/11/guardians/invitations": {
          status: 201,
          body: {
            email: "john@example.com",
            expiresAt: "2026-12-10T07:41:00.000Z",
            invitedBy: "Jane Banda",
            message: "Invitation sent to john@example.com",
          },
        },
      }),
    );
    renderPortal(<StudentsTab user={parentUser} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Guardians of Chipo" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText(/first guardian/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(/gave consent to keep allergy information; added Peanuts/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("John Phiri")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByText("Please enter a valid email address")).toBeVisible();
    await user.type(
      within(dialog).getByLabelText("Invite a second guardian by e-mail"),
      "john@example.com",
    );
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({ email: "john@example.com" }),
    );
    expect(await screen.findByText(/Invitation sent to john@example.com/)).toBeInTheDocument();
  });

  it("shows an open invitation with Withdraw, and no invitation form once there are two", async () => {
    const calls = mockFetch(
      baseRoutes({
        "GET /api/students": [student()],
        "GET /api/students/11/guardians": {
          ...oneGuardian,
          invitation: {
            email: "john@example.com",
            expiresAt: "2026-12-10T07:41:00.000Z",
            invitedBy: "Jane Banda",
          },
        },
        "DELETE /api/students/11/guardians/invitations": { message: "Invitation withdrawn" },
      }),
    );
    renderPortal(<StudentsTab user={parentUser} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Guardians of Chipo" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("john@example.com")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Withdraw invitation" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
  });
});

describe("the second guardian's card", () => {
  it("offers Leave instead of Delete and no counter settings, and names both guardians", async () => {
    const calls = mockFetch(
      baseRoutes({
        "GET /api/students": [
          student({
            parentId: 99,
            parent_id: 99,
            isFirstGuardian: false,
            guardians: [
              { name: "Jane Banda", first: true, you: false },
              { name: "John Phiri", first: false, you: true },
            ],
          }),
        ],
        "DELETE /api/students/11": {
          id: 11,
          message: "You are no longer a guardian of this student",
        },
      }),
    );
    renderPortal(<StudentsTab user={parentUser} />);
    const user = userEvent.setup();
    expect(await screen.findByText("Guardians: Jane Banda, you")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Counter settings for Chipo" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Chipo" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Leave Chipo" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText(/Chipo stays with Jane Banda/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Leave" }));
    expect(
      await screen.findByText("You are no longer a guardian of this student"),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/students/11")).toBe(true);
  });
});
