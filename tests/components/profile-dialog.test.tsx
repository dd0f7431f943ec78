import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockFetch, parentUser, renderPortal, type FetchCall } from "./portal-harness";

const refresh = jest.fn();
jest.unstable_mockModule("next/navigation", () => ({
  useRouter: () => ({ refresh, replace: jest.fn(), push: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => "/",
}));

const { ProfileDialog } = await import("@/components/account/profile-dialog");

// Profile Settings and the e-mail address (issue 43): a change asks for the current password, and
// an address still waiting for its link is named.

/** The profile's own saves (the dialog also reads the account's message choices, issue 48). */
const profileCalls = (calls: FetchCall[]) => calls.filter((call) => call.path === "/api/profile");

describe("Profile Settings' e-mail address", () => {
  it("asks for the current password before sending a new address, then sends it with it", async () => {
    const next = "new@example.org";
    const calls = mockFetch({
      "PUT /api/profile": { ...parentUser, pendingEmail: next },
    });
    const user = userEvent.setup();
    const onOpenChange = jest.fn();
    renderPortal(<ProfileDialog user={parentUser} open onOpenChange={onOpenChange} />);
    const email = screen.getByLabelText("Email");
    await user.clear(email);
    await user.type(email, next);
    expect(
      screen.getByText(/Enter your current password to change your e-mail address below/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(
      await screen.findByText("Enter your current password to change your e-mail address"),
    ).toBeInTheDocument();
    expect(profileCalls(calls)).toHaveLength(0);
    expect(screen.getByLabelText("Current password")).toHaveFocus();

    await user.type(screen.getByLabelText("Current password"), "my-password");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(profileCalls(calls)).toEqual([
      {
        method: "PUT",
        path: "/api/profile",
        body: {
          name: parentUser.name,
          email: next,
          phone: "",
          orderReminders: true,
          currentPassword: "my-password",
        },
      },
    ]);
    expect(await screen.findByText(/We sent a link to new@example.org/)).toBeInTheDocument();
  });

  it("shows the server's refusal of the password on the field", async () => {
    mockFetch({
      "PUT /api/profile": {
        status: 422,
        body: {
          message: "Current password is incorrect",
          details: { currentPassword: ["Current password is incorrect"] },
        },
      },
    });
    const user = userEvent.setup();
    renderPortal(<ProfileDialog user={parentUser} open onOpenChange={() => {}} />);
    await user.clear(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), "new@example.org");
    await user.type(screen.getByLabelText("Current password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true"),
    );
  });

  it("names the address waiting for its link, and saves the name alone without a password", async () => {
    const calls = mockFetch({ "PUT /api/profile": { ...parentUser, pendingEmail: "new@x.org" } });
    const user = userEvent.setup();
    renderPortal(
      <ProfileDialog
        user={{ ...parentUser, pendingEmail: "new@x.org" }}
        open
        onOpenChange={() => {}}
      />,
    );
    expect(screen.getByText(/Waiting for confirmation at new@x.org/)).toHaveTextContent(
      `Until then, mail goes to ${parentUser.email}.`,
    );
    await user.type(screen.getByLabelText("Name"), " B");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(profileCalls(calls)).toHaveLength(1));
    expect(profileCalls(calls)[0]?.body).not.toHaveProperty("currentPassword");
  });
});
