import { describe, expect, it } from "@jest/globals";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MessagingCard } from "@/components/admin/settings/messaging-card";
import type { MessagingSettingsAnswer } from "@/lib/contracts/phone-verification";
import { mockFetch, renderPortal } from "./portal-harness";

// Settings › Communication › Text and WhatsApp Messages (issue 48): what the platform set up, the
// school's sender ID and its two offers.

const SAVED: MessagingSettingsAnswer = {
  senderId: null,
  sms: true,
  whatsapp: true,
  smsConfigured: true,
  whatsappConfigured: false,
};

describe("the messaging settings card", () => {
  it("says which providers the platform set up, and saves the sender ID and the offers", async () => {
    const calls = mockFetch({
      "GET /api/settings/messaging": SAVED,
      "PUT /api/settings/messaging": (body: unknown) => ({
        ...SAVED,
        ...(body as object),
      }),
    });
    const user = userEvent.setup();
    renderPortal(<MessagingCard />);
    expect(await screen.findByText("Set up on the platform")).toBeInTheDocument();
    expect(screen.getByText("Not set up on the platform")).toBeInTheDocument();
    expect(
      screen.getByText(/is not offered to parents, whatever is chosen here/),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText("SMS sender ID"), "TUCKSHOP");
    await user.click(screen.getByRole("switch", { name: "Offer WhatsApp to parents" }));
    await user.click(screen.getByRole("button", { name: "Save Messaging Settings" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      senderId: "TUCKSHOP",
      sms: true,
      whatsapp: false,
    });
  });

  it("refuses a sender ID the networks would not take, before calling", async () => {
    const calls = mockFetch({ "GET /api/settings/messaging": SAVED });
    const user = userEvent.setup();
    renderPortal(<MessagingCard />);
    const senderId = await screen.findByLabelText("SMS sender ID");
    await waitFor(() => expect(senderId).toBeEnabled());
    await user.type(senderId, "Tuck-Shop!");
    await user.click(screen.getByRole("button", { name: "Save Messaging Settings" }));
    expect(
      await screen.findByText("A sender ID is 1 to 11 letters, digits or spaces"),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "PUT")).toEqual([]);
  });
});
