import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockFetch, parentUser, renderPortal } from "./portal-harness";

const refresh = jest.fn();
jest.unstable_mockModule("next/navigation", () => ({
  useRouter: () => ({ refresh, replace: jest.fn(), push: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => "/",
}));

const { YourData } = await import("@/components/account/your-data");

// Profile Settings' "Your data" (issue 26): the notice, the download and deleting the account.

async function openDelete() {
  const user = userEvent.setup();
  const onDeleted = jest.fn();
  renderPortal(<YourData user={parentUser} onDeleted={onDeleted} />);
  await user.click(screen.getByRole("button", { name: "Delete my account" }));
  const dialog = await screen.findByRole("dialog", { name: "Delete my account?" });
  return { user, onDeleted, dialog };
}

describe("Your data", () => {
  it("links the privacy notice and downloads the copy as a file", () => {
    renderPortal(<YourData user={parentUser} onDeleted={() => {}} />);
    expect(screen.getByRole("link", { name: "Privacy notice" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    const download = screen.getByRole("link", { name: "Download my data" });
    expect(download).toHaveAttribute("href", "/api/account/export");
    expect(download).toHaveAttribute("download");
  });

  it("offers no deletion to an admin", () => {
    renderPortal(<YourData user={{ ...parentUser, role: "admin" }} onDeleted={() => {}} />);
    expect(screen.queryByRole("button", { name: "Delete my account" })).toBeNull();
  });

  it("says what is kept and shows a wrong password in the form", async () => {
    const calls = mockFetch({
      "POST /api/account/delete": { status: 422, body: { message: "Password is incorrect" } },
    });
    const { user, onDeleted, dialog } = await openDelete();
    expect(dialog).toHaveTextContent("keeps past orders and payments for its accounts");
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(await screen.findByText("Password is required")).toBeInTheDocument();
    // Only the wallet is read (issue 47: a balance is withdrawn first); nothing is sent.
    expect(calls.filter((call) => call.method !== "GET")).toHaveLength(0);
    await user.type(screen.getByLabelText("Your password"), "wrong-one");
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(await screen.findByText("Password is incorrect")).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== "GET")).toEqual([
      { method: "POST", path: "/api/account/delete", body: { password: "wrong-one" } },
    ]);
    expect(screen.getByLabelText("Your password")).toHaveFocus();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it("names what blocks the deletion, and signs out once deleted", async () => {
    const blocked =
      "Your account cannot be deleted yet: it has 2 orders still to be served. Cancel the orders first.";
    let answer: unknown = { status: 409, body: { message: blocked } };
    mockFetch({ "POST /api/account/delete": () => answer });
    const { user, onDeleted } = await openDelete();
    await user.type(screen.getByLabelText("Your password"), "my-password");
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(await screen.findByText(blocked)).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
    answer = { message: "Your account has been deleted" };
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(refresh).toHaveBeenCalled();
  });

  it("withdraws the whole wallet first, then asks for the password", async () => {
    let balance = "45.00";
    const calls = mockFetch({
      "GET /api/account/credit": () => ({ balance, held: "0.00", entries: [] }),
      "POST /api/account/withdraw": () => {
        balance = "0.00";
        return {
          status: 201,
          body: {
            balance: "0.00",
            withdrawal: {
              id: 7,
              amount: "45.00",
              mobileNumber: "097****456",
              status: "pending",
              method: null,
              reference: null,
              reason: null,
              createdAt: "2026-11-29T08:00:00.000Z",
              decidedAt: null,
            },
          },
        };
      },
    });
    const user = userEvent.setup();
    renderPortal(<YourData user={parentUser} onDeleted={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const first = await screen.findByRole("dialog", { name: "First, withdraw your wallet" });
    expect(first).toHaveTextContent("Your wallet holds");
    expect(screen.getByLabelText("Amount (K)")).toHaveValue("45.00");
    expect(screen.getByLabelText("Amount (K)")).toHaveAttribute("readonly");
    await user.type(screen.getByLabelText("Mobile money number to pay"), "0955 123 456");
    await user.click(screen.getByRole("button", { name: /^Withdraw K/ }));
    expect(await screen.findByText(/Zamtel numbers cannot be paid/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Mobile money number to pay"));
    await user.type(screen.getByLabelText("Mobile money number to pay"), "0977 123 456");
    await user.click(screen.getByRole("button", { name: /^Withdraw K/ }));
    expect(await screen.findByRole("dialog", { name: "Delete my account?" })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      {
        method: "POST",
        path: "/api/account/withdraw",
        body: { amount: "45.00", mobileNumber: "0977123456" },
      },
    ]);
  });
});
