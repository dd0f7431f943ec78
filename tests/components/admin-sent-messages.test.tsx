import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MessagesSection } from "@/components/admin/messages/messages-section";
import type { ContactMessagesPageDto } from "@/lib/contracts/messages";
import type { SentMessageDto, SentMessagesPageDto } from "@/lib/contracts/outbox";
import { mockFetch, renderPortal } from "./portal-harness";

// Messages › Sent messages (issue 48): each message's channel and state, a parent's failed SMS
// with its reason, a secret never shown, filters by channel and state kept in the address.

jest.setTimeout(20_000);

function message(overrides: Partial<SentMessageDto> = {}): SentMessageDto {
  return {
    id: 1,
    createdAt: "2030-01-07T08:00:00.000Z",
    channel: "sms",
    kind: "payments",
    to: "+260977000001",
    account: { id: 4, username: "mary.banda", name: "Mary Banda" },
    subject: "Payment confirmations",
    text: "School Tuckshop: K40.00 received for Mwansa, Tue 8 Jan. Thank you.",
    hidden: null,
    state: "failed",
    attempts: 1,
    reason: "AbsentSubscriber",
    nextAttemptAt: null,
    sentAt: null,
    deliveredAt: null,
    announcementId: null,
    ...overrides,
  };
}

function page(data: SentMessageDto[]): SentMessagesPageDto {
  return {
    data,
    metadata: {
      total: data.length,
      page: 1,
      pageSize: 20,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    },
  };
}

const ALL = "GET /api/outbox?channel=all&state=all&page=1";
const inbox: ContactMessagesPageDto = { ...page([]), data: [], unread: 0 };

describe("Sent messages", () => {
  it("shows each message's channel and state, a failure's reason, never a secret", async () => {
    mockFetch({
      [ALL]: page([
        message(),
        message({
          id: 2,
          channel: "sms",
          kind: null,
          subject: "Phone code",
          text: null,
          hidden: "secret",
          state: "queued",
          reason: null,
          nextAttemptAt: "2999-01-08T06:00:00.000Z",
        }),
        message({
          id: 3,
          channel: "email",
          kind: "closures",
          to: "mary@example.com",
          subject: "No school meals on Tuesday 8 January 2030",
          text: "Hello Mary,\n\nNo school meals will be served.",
          state: "sent",
          reason: null,
          sentAt: "2030-01-07T08:01:00.000Z",
        }),
        message({
          id: 4,
          channel: "whatsapp",
          state: "delivered",
          reason: null,
          deliveredAt: "2030-01-07T08:04:00.000Z",
        }),
      ]),
    });
    renderPortal(<MessagesSection />, { address: "/?section=messages&view=sent" });
    const failed = (await screen.findByText("AbsentSubscriber")).closest("tr")!;
    expect(within(failed).getByText("SMS")).toBeInTheDocument();
    expect(within(failed).getByText("Failed")).toBeInTheDocument();
    expect(within(failed).getByText("Mary Banda")).toBeInTheDocument();
    expect(within(failed).getByText("Payment confirmations")).toBeInTheDocument();
    const secret = screen
      .getByText("Hidden: it carries a code, a password or a sign-in link")
      .closest("tr")!;
    expect(within(secret).getByText("Queued")).toBeInTheDocument();
    expect(within(secret).getByText("Account")).toBeInTheDocument();
    expect(within(secret).getByText(/^Goes 08 Jan 2999, 08:00$/)).toBeInTheDocument();
    const mail = screen.getByText("No school meals on Tuesday 8 January 2030").closest("tr")!;
    expect(within(mail).getByText("E-mail")).toBeInTheDocument();
    expect(within(mail).getByText("Sent")).toBeInTheDocument();
    expect(within(mail).getByText("Closed days")).toBeInTheDocument();
    const whatsapp = screen.getByText("WhatsApp").closest("tr")!;
    expect(within(whatsapp).getByText("Delivered")).toBeInTheDocument();
    expect(within(whatsapp).getByText("07 Jan 2030, 10:04")).toBeInTheDocument();
  });

  it("filters by channel and state, in the address", async () => {
    const calls = mockFetch({
      [ALL]: page([message()]),
      "GET /api/outbox?channel=sms&state=all&page=1": page([message()]),
      "GET /api/outbox?channel=sms&state=failed&page=1": page([message()]),
    });
    renderPortal(<MessagesSection />, { address: "/?section=messages&view=sent&page=3" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("combobox", { name: "Filter by channel" }));
    await user.click(await screen.findByRole("option", { name: "SMS" }));
    await user.click(screen.getByRole("combobox", { name: "Filter by state" }));
    await user.click(await screen.findByRole("option", { name: "Failed" }));
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain("/api/outbox?channel=sms&state=failed&page=1"),
    );
    expect(window.location.search).toContain("channel=sms");
    expect(window.location.search).toContain("state=failed");
    expect(window.location.search).not.toContain("page=");
  });

  it("says so when nothing matches", async () => {
    mockFetch({ [ALL]: page([]) });
    renderPortal(<MessagesSection />, { address: "/?section=messages&view=sent" });
    expect(await screen.findByText("No messages match these filters")).toBeInTheDocument();
  });

  it("is the second tab beside the Contact Us inbox", async () => {
    const calls = mockFetch({ "GET /api/contact/messages?page=1": inbox, [ALL]: page([]) });
    renderPortal(<MessagesSection />, { address: "/?section=messages" });
    const user = userEvent.setup();
    expect(await screen.findByText("No messages yet")).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith("/api/outbox"))).toBe(false);
    await user.click(screen.getByRole("tab", { name: "Sent messages" }));
    expect(await screen.findByText("No messages match these filters")).toBeInTheDocument();
    expect(window.location.search).toContain("view=sent");
  });
});
