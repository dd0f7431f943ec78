import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ContactMessageDto, ContactMessagesPageDto } from "@/lib/contracts/messages";
import { mockFetch, parentUser, renderPortal, type FetchCall } from "./portal-harness";

jest.unstable_mockModule("next/navigation", () => ({
  useRouter: () => ({ refresh: jest.fn(), replace: jest.fn(), push: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => "/",
}));

const { AdminConsole } = await import("@/components/admin/admin-console");
const { MessagesSection } = await import("@/components/admin/messages/messages-section");

// The console's Messages inbox (issue 19): rows, unread count, mark handled, reply by e-mail.

function contactMessage(overrides: Partial<ContactMessageDto> = {}): ContactMessageDto {
  return {
    id: 5,
    name: "Mary Banda",
    email: "mary@example.com",
    text: "Could the canteen add more vegetarian options?\nThank you",
    account: { id: 7, username: "mary.banda", role: "parent" },
    createdAt: "2026-03-02T08:30:00.000Z",
    handledAt: null,
    handledBy: null,
    ...overrides,
  };
}

function page(data: ContactMessageDto[], unread: number): ContactMessagesPageDto {
  return {
    data,
    unread,
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

const handledOne = contactMessage({
  id: 4,
  name: "John Phiri",
  email: "john@example.com",
  text: "Thanks for the quick refund",
  account: null,
  handledAt: "2026-03-01T09:00:00.000Z",
  handledBy: "superadmin",
});

describe("Messages", () => {
  it("lists messages with who sent them, their status, the unread count and a reply link", async () => {
    mockFetch({ "GET /api/contact/messages?page=1": page([contactMessage(), handledOne], 1) });
    renderPortal(<MessagesSection />);
    const row = (await screen.findByText("Mary Banda")).closest("tr")!;
    expect(within(row).getByText("mary.banda (parent)")).toBeInTheDocument();
    expect(within(row).getByText("Unread")).toBeInTheDocument();
    expect(within(row).getByText(/vegetarian options/)).toBeInTheDocument();
    const reply = within(row).getByRole("link", { name: "Reply to Mary Banda by e-mail" });
    const href = reply.getAttribute("href")!;
    expect(href.startsWith("mailto:mary%40example.com?subject=Re%3A")).toBe(true);
    expect(decodeURIComponent(href)).toContain("> Could the canteen add more vegetarian options?");
    expect(screen.getByText("1 unread message.")).toBeInTheDocument();
    const handledRow = screen.getByText("John Phiri").closest("tr")!;
    expect(within(handledRow).getByText("Handled")).toBeInTheDocument();
    expect(
      within(handledRow).getByRole("button", { name: "Mark as unread: message from John Phiri" }),
    ).toBeInTheDocument();
  });

  it("marks a message handled and reads the list again", async () => {
    const calls: FetchCall[] = mockFetch({
      "GET /api/contact/messages?page=1": page([contactMessage()], 1),
      "PUT /api/contact/messages/5": contactMessage({
        handledAt: "2026-03-02T10:00:00.000Z",
        handledBy: "superadmin",
      }),
    });
    renderPortal(<MessagesSection />);
    await userEvent.click(
      await screen.findByRole("button", { name: "Mark as handled: message from Mary Banda" }),
    );
    expect(await screen.findByText("Marked as handled")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ handled: true });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/api/contact/messages?page=1").length).toBeGreaterThan(
        1,
      ),
    );
  });

  it("says so when there are none, and when the list cannot be read", async () => {
    mockFetch({ "GET /api/contact/messages?page=1": page([], 0) });
    renderPortal(<MessagesSection />);
    expect(await screen.findByText("No messages yet")).toBeInTheDocument();
    expect(screen.getByText("No unread messages.")).toBeInTheDocument();
  });

  it("shows the fallback when the list fails", async () => {
    mockFetch({ "GET /api/contact/messages?page=1": { status: 500, body: {} } });
    renderPortal(<MessagesSection />);
    expect((await screen.findAllByText("Failed to fetch messages")).length).toBeGreaterThan(0);
  });
});

describe("the console's navigation", () => {
  const admin = { ...parentUser, username: "inbox.admin", role: "admin" as const };

  it("shows the unread count beside Messages for an admin holding the feature", async () => {
    mockFetch({
      "GET /api/contact/messages?page=1": page([contactMessage()], 3),
      "GET /api/refunds?page=1": { data: [], metadata: page([], 0).metadata },
    });
    renderPortal(<AdminConsole user={{ ...admin, allowedFeatures: ["refunds", "messages"] }} />);
    const nav = screen.getByRole("navigation");
    const entry = await within(nav).findByRole("link", { name: "Messages 3 unread" });
    expect(entry).toBeInTheDocument();
  });

  it("never asks for messages without the feature", async () => {
    const calls = mockFetch({
      "GET /api/refunds?page=1": { data: [], metadata: page([], 0).metadata },
    });
    renderPortal(<AdminConsole user={{ ...admin, allowedFeatures: ["refunds"] }} />);
    expect(await screen.findByText("No orders pending refund")).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith("/api/contact/messages"))).toBe(false);
    expect(screen.queryByRole("link", { name: /Messages/ })).toBeNull();
  });
});
