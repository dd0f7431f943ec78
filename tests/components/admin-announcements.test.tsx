import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AnnouncementsTab } from "@/components/admin/announcements/announcements-tab";
import { ParentsStudentsSection } from "@/components/admin/parents/parents-section";
import type {
  AnnouncementDetailDto,
  AnnouncementDto,
  AnnouncementPreviewDto,
  AnnouncementsPageDto,
} from "@/lib/contracts/announcements";
import type { Channel } from "@/lib/contracts/notifications";
import { mockFetch, renderPortal } from "./portal-harness";

// Parents & Students › Announcements (issue 48): whom each channel reaches before sending, the SMS
// counted live and refused when it is not one message, the confirmation, and afterwards each
// channel's states and the failures with their reasons.

jest.setTimeout(20_000);

const METADATA = {
  total: 1,
  page: 1,
  pageSize: 20,
  totalPages: 1,
  hasNextPage: false,
  hasPreviousPage: false,
};

function preview(
  audience: AnnouncementPreviewDto["audience"],
  offered: Channel[] = ["email", "sms", "whatsapp"],
): AnnouncementPreviewDto {
  return {
    audience,
    recipients: 152,
    reach: { email: 140, sms: 30, whatsapp: 12 },
    unreached: 5,
    offered,
  };
}

const counts = (failed = 0) => ({
  email: { queued: 0, sent: 140, delivered: 0, failed: 0 },
  sms: { queued: 2, sent: 0, delivered: 27, failed },
  whatsapp: { queued: 0, sent: 0, delivered: 12, failed: 0 },
});

const sent: AnnouncementDto = {
  id: 7,
  title: "Sports day",
  body: "No lunch on Friday.",
  audience: { kind: "grade", grade: "3" },
  createdAt: "2026-11-27T08:00:00.000Z",
  createdBy: "office.clerk",
  reached: 147,
  counts: counts(1),
};

const list = (data: AnnouncementDto[]): AnnouncementsPageDto => ({
  data,
  metadata: { ...METADATA, total: data.length },
});

const EVERYONE = "GET /api/announcements/preview?audience=everyone";
const LIST = "GET /api/announcements?page=1";

describe("Announcements", () => {
  it("shows whom each channel reaches and counts the SMS as it is typed", async () => {
    mockFetch({ [EVERYONE]: preview({ kind: "everyone" }), [LIST]: list([]) });
    renderPortal(<AnnouncementsTab />);
    const user = userEvent.setup();
    const reach = await screen.findByRole("region", { name: "Who it reaches" });
    expect(reach).toHaveTextContent("147 families of 152 will receive it.");
    expect(within(reach).getByText("140")).toBeInTheDocument();
    expect(within(reach).getByText("5 families cannot be reached", { exact: false })).toBeVisible();
    await user.type(screen.getByLabelText("Title"), "Sports day");
    await user.type(screen.getByLabelText("Message"), "No lunch on Friday.");
    expect(
      screen.getByText("School Tuckshop: Sports day. No lunch on Friday."),
    ).toBeInTheDocument();
    expect(screen.getByText("48 of 160 characters")).toBeInTheDocument();
    expect(screen.getByText("No announcement sent yet")).toBeInTheDocument();
  });

  it("asks whom a grade reaches once the grade is chosen", async () => {
    const calls = mockFetch({
      [EVERYONE]: preview({ kind: "everyone" }),
      "GET /api/announcements/preview?audience=grade&grade=3": {
        ...preview({ kind: "grade", grade: "3" }),
        recipients: 20,
        reach: { email: 18, sms: 4, whatsapp: 1 },
        unreached: 1,
      },
      [LIST]: list([]),
    });
    renderPortal(<AnnouncementsTab />);
    const user = userEvent.setup();
    await screen.findByText("147 families of 152 will receive it.");
    await user.click(screen.getByRole("combobox", { name: "Send to" }));
    await user.click(await screen.findByRole("option", { name: "The families of a grade" }));
    await user.click(await screen.findByRole("combobox", { name: "Grade" }));
    await user.click(await screen.findByRole("option", { name: "Grade 3" }));
    expect(await screen.findByText("19 families of 20 will receive it.")).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain("/api/announcements/preview?audience=grade&grade=3");
  });

  it("refuses an SMS longer than one message before asking the server", async () => {
    const calls = mockFetch({ [EVERYONE]: preview({ kind: "everyone" }), [LIST]: list([]) });
    renderPortal(<AnnouncementsTab />);
    const user = userEvent.setup();
    await screen.findByText("147 families of 152 will receive it.");
    await user.type(screen.getByLabelText("Title"), "Sports day");
    await user.click(screen.getByLabelText("Message"));
    await user.paste("Lunch ".repeat(30).trim());
    expect(screen.getByText("208 of 160 characters: too long for one SMS")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send announcement…" }));
    const sms = screen.getByLabelText("SMS text (optional)");
    await waitFor(() => expect(sms).toHaveAttribute("aria-invalid", "true"));
    expect(sms).toHaveAccessibleDescription(/write a shorter SMS text/);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    // A shorter SMS text of its own lets it go.
    await user.type(sms, "Sports day Friday: no lunch.");
    expect(screen.getByText("School Tuckshop: Sports day Friday: no lunch.")).toBeInTheDocument();
  });

  it("confirms with the reach, sends, and reads the list again", async () => {
    const calls = mockFetch({
      [EVERYONE]: preview({ kind: "everyone" }),
      [LIST]: list([]),
      "POST /api/announcements": {
        status: 201,
        body: {
          announcement: { ...sent, counts: counts() },
          recipients: 152,
          reach: { email: 140, sms: 30, whatsapp: 12 },
          unreached: 5,
        },
      },
    });
    renderPortal(<AnnouncementsTab />);
    const user = userEvent.setup();
    await screen.findByText("147 families of 152 will receive it.");
    await user.type(screen.getByLabelText("Title"), "Sports day");
    await user.type(screen.getByLabelText("Message"), "No lunch on Friday.");
    await user.click(screen.getByRole("button", { name: "Send announcement…" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Send “Sports day”?" });
    expect(confirm).toHaveTextContent("E-mail: 140, SMS: 30, WhatsApp: 12");
    await user.click(within(confirm).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Announcement sent")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      title: "Sports day",
      body: "No lunch on Friday.",
      sms: null,
      audience: { kind: "everyone" },
    });
    await waitFor(() => expect(screen.getByLabelText("Title")).toHaveValue(""));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "/api/announcements?page=1").length).toBeGreaterThan(1),
    );
  });

  it("offers no SMS text where the school offers no phone channel", async () => {
    mockFetch({ [EVERYONE]: preview({ kind: "everyone" }, ["email"]), [LIST]: list([]) });
    renderPortal(<AnnouncementsTab />);
    const reach = await screen.findByRole("region", { name: "Who it reaches" });
    expect(within(reach).getAllByText("Off")).toHaveLength(2);
    expect(screen.queryByLabelText("SMS text (optional)")).toBeNull();
    expect(screen.queryByText(/of 160 characters/)).toBeNull();
  });

  it("lists each channel's states and opens the failures with their reasons", async () => {
    const detail: AnnouncementDetailDto = {
      ...sent,
      sms: "School Tuckshop: Sports day. No lunch on Friday.",
      failures: {
        data: [
          {
            id: 91,
            channel: "sms",
            to: "+260977000001",
            account: { id: 4, username: "mary.banda", name: "Mary Banda" },
            reason: "DeliveryFailure",
            attempts: 1,
            fellBackToSms: false,
          },
          {
            id: 92,
            channel: "whatsapp",
            to: "+260977000002",
            account: { id: 5, username: "john.phiri", name: "John Phiri" },
            reason: "(#131026) Message undeliverable",
            attempts: 1,
            fellBackToSms: true,
          },
        ],
        metadata: { ...METADATA, total: 2 },
      },
    };
    mockFetch({
      [EVERYONE]: preview({ kind: "everyone" }),
      [LIST]: list([sent]),
      // Wrapped: the announcement has a `body` of its own.
      "GET /api/announcements/7?page=1": { body: detail },
    });
    renderPortal(<AnnouncementsTab />);
    const user = userEvent.setup();
    const row = (await screen.findByRole("button", { name: "Details of “Sports day”" })).closest(
      "tr",
    )!;
    expect(within(row).getByText("Families of Grade 3, by office.clerk")).toBeInTheDocument();
    const sms = within(row).getByRole("list", { name: "SMS of “Sports day”" });
    expect(within(sms).getByText("27 Delivered")).toBeInTheDocument();
    expect(within(sms).getByText("1 Failed")).toBeInTheDocument();
    expect(within(sms).getByText("2 Queued")).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "Details of “Sports day”" }));
    const dialog = await screen.findByRole("dialog", { name: "Sports day" });
    expect(await within(dialog).findByText("DeliveryFailure")).toBeInTheDocument();
    expect(within(dialog).getByText("Mary Banda")).toBeInTheDocument();
    expect(within(dialog).getByText("Sent again as an SMS")).toBeInTheDocument();
    expect(within(dialog).getByText("Failed messages (2)")).toBeInTheDocument();
    expect(
      within(dialog).getByText("School Tuckshop: Sports day. No lunch on Friday."),
    ).toBeInTheDocument();
  });

  it("is a tab of Parents & Students, kept in the address", async () => {
    mockFetch({
      "GET /api/parents?page=1": { data: [], metadata: { ...METADATA, total: 0 } },
      [EVERYONE]: preview({ kind: "everyone" }),
      [LIST]: list([]),
    });
    renderPortal(<ParentsStudentsSection />, { address: "/?section=parents_students" });
    const user = userEvent.setup();
    expect(await screen.findByText("No parents found")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Announcements" }));
    expect(await screen.findByText("New announcement")).toBeInTheDocument();
    expect(window.location.search).toContain("view=announcements");
  });
});
