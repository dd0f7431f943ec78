import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { NotificationsDto } from "@/lib/contracts/notifications";
import { PHONE_INVALID } from "@/lib/validations/phone";
import { mockFetch, renderPortal } from "./portal-harness";

const refresh = jest.fn();
jest.unstable_mockModule("next/navigation", () => ({
  useRouter: () => ({ refresh, replace: jest.fn(), push: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => "/",
}));

const { AccountMessages } = await import("@/components/account/account-messages");
const { STOPPED, VERIFY_FIRST } = await import("@/components/account/messages-card");

// Profile Settings' phone and "Messages" (issue 48): proving a number with a texted code, and the
// channels per kind of message, SMS and WhatsApp waiting for a verified phone.

const EMAIL = {
  reminders: ["email"],
  payments: ["email"],
  closures: ["email"],
  lowBalance: ["email"],
  counter: [],
  announcements: ["email"],
} satisfies NotificationsDto["channels"];

function account(overrides: Partial<NotificationsDto> = {}): NotificationsDto {
  return {
    channels: EMAIL,
    phone: null,
    phoneVerified: false,
    offered: ["email", "sms"],
    smsOptedOut: false,
    ...overrides,
  };
}

const VERIFIED = account({
  phone: "+260977123456",
  phoneVerified: true,
  channels: { ...EMAIL, payments: ["email", "sms"], closures: ["email", "sms"] },
});

const box = (kind: string, channel: string) =>
  within(screen.getByRole("group", { name: kind })).getByRole("checkbox", { name: channel });

describe("the phone card", () => {
  it("sends a code to the number typed, then verifies it with the code", async () => {
    const calls = mockFetch({
      "GET /api/account/notifications": account(),
      "POST /api/account/phone/verify": {
        message: "We sent a code to +260 97 7123456. It is valid for 10 minutes.",
        phone: "+260977123456",
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
      },
      "POST /api/account/phone/confirm": VERIFIED,
    });
    const user = userEvent.setup();
    renderPortal(<AccountMessages />);
    await user.type(await screen.findByLabelText("Mobile number"), "0977 123 456");
    await user.click(screen.getByRole("button", { name: "Send code" }));

    const code = await screen.findByLabelText("Code from the text message");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(screen.getByText(/^We sent a code to \+260 97 7123456\./)).toBeInTheDocument();
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));

    expect(await screen.findByText("Verified")).toBeInTheDocument();
    expect(screen.getByText("+260 97 7123456")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      { method: "POST", path: "/api/account/phone/verify", body: { phone: "+260977123456" } },
      { method: "POST", path: "/api/account/phone/confirm", body: { code: "123456" } },
    ]);
    // The profile form above shows the new phone: the session's user is read again.
    expect(refresh).toHaveBeenCalled();
    // Verified: SMS can now be chosen below.
    expect(box("Payment confirmations", "SMS")).toBeEnabled();
  });

  it("refuses a number that is not a mobile number before calling", async () => {
    const calls = mockFetch({ "GET /api/account/notifications": account() });
    const user = userEvent.setup();
    renderPortal(<AccountMessages />);
    await user.type(await screen.findByLabelText("Mobile number"), "0211 123 456");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText(PHONE_INVALID)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("shows a wrong code's refusal on the code", async () => {
    const wrong =
      "That code is not right. Please check the text message and try again (4 tries left).";
    mockFetch({
      "GET /api/account/notifications": account({ phone: "0977123456" }),
      "POST /api/account/phone/verify": {
        message: "We sent a code to +260 97 7123456. It is valid for 10 minutes.",
        phone: "+260977123456",
        expiresAt: new Date().toISOString(),
      },
      "POST /api/account/phone/confirm": {
        status: 422,
        body: { message: wrong, details: { code: [wrong] } },
      },
    });
    const user = userEvent.setup();
    renderPortal(<AccountMessages />);
    // The unproven number saved on the account is offered for proving.
    expect(await screen.findByLabelText("Mobile number")).toHaveValue("0977123456");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await user.type(await screen.findByLabelText("Code from the text message"), "654321");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Code from the text message")).toHaveAttribute(
        "aria-invalid",
        "true",
      ),
    );
    expect(screen.getAllByText(wrong).length).toBeGreaterThanOrEqual(1);
  });

  it("shows a verified number with its badge, and changes it on demand", async () => {
    mockFetch({ "GET /api/account/notifications": VERIFIED });
    const user = userEvent.setup();
    renderPortal(<AccountMessages />);
    expect(await screen.findByText("+260 97 7123456")).toBeInTheDocument();
    expect(screen.getByText("Verified")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Change number" }));
    expect(screen.getByLabelText("Mobile number")).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByText("Verified")).toBeInTheDocument();
  });
});

describe("the Messages card", () => {
  it("lists the six kinds with a box per offered channel, SMS waiting for a verified phone", async () => {
    mockFetch({ "GET /api/account/notifications": account() });
    renderPortal(<AccountMessages />);
    expect(await screen.findByText(VERIFY_FIRST)).toBeInTheDocument();
    for (const kind of [
      "Order reminders",
      "Payment confirmations",
      "Closed days",
      "Low wallet balance",
      "Counter purchases",
      "School announcements",
    ]) {
      const group = screen.getByRole("group", { name: kind });
      expect(within(group).getAllByRole("checkbox")).toHaveLength(2);
      expect(within(group).getByRole("checkbox", { name: "SMS" })).toBeDisabled();
    }
    expect(box("Order reminders", "E-mail")).toBeChecked();
    expect(box("Counter purchases", "E-mail")).not.toBeChecked();
  });

  it("saves the boxes ticked", async () => {
    const calls = mockFetch({
      "GET /api/account/notifications": VERIFIED,
      "PUT /api/account/notifications": (body: unknown) => ({
        ...VERIFIED,
        channels: (body as NotificationsDto).channels,
      }),
    });
    const user = userEvent.setup();
    renderPortal(<AccountMessages />);
    await screen.findByRole("group", { name: "Low wallet balance" });
    await user.click(box("Low wallet balance", "SMS"));
    await user.click(box("School announcements", "E-mail"));
    await user.click(box("Counter purchases", "E-mail"));
    await user.click(screen.getByRole("button", { name: "Save message choices" }));
    expect(await screen.findByText("Message choices saved")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      channels: {
        ...VERIFIED.channels,
        lowBalance: ["email", "sms"],
        announcements: [],
        counter: ["email"],
      },
    });
  });

  it("says SMS is off after a STOP", async () => {
    mockFetch({ "GET /api/account/notifications": { ...VERIFIED, smsOptedOut: true } });
    renderPortal(<AccountMessages />);
    expect(await screen.findByText(STOPPED)).toBeInTheDocument();
  });

  it("offers e-mail alone, and no phone, where the school has no texts", async () => {
    mockFetch({ "GET /api/account/notifications": account({ offered: ["email"] }) });
    renderPortal(<AccountMessages />);
    const group = await screen.findByRole("group", { name: "Payment confirmations" });
    expect(within(group).getAllByRole("checkbox")).toHaveLength(1);
    expect(screen.queryByLabelText("Mobile number")).not.toBeInTheDocument();
    expect(screen.queryByText(VERIFY_FIRST)).not.toBeInTheDocument();
  });
});
