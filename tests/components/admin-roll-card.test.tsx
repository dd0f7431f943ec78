import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RollCard } from "@/components/admin/parents/roll-card";
import {
  rollResendTooSoonMessage,
  type RollChildDto,
  type RollListDto,
} from "@/lib/contracts/roll";
import { mockFetch, renderPortal } from "./portal-harness";

// Parents & Students › School roll (decision 0120, "Changed later"): the waiting children first,
// each guardian's state and dates on the school's clock (Lusaka, UTC+2), the linked ones and all
// by tab with their counts, a search, paging, and "Send links again" with the server's answer.

jest.setTimeout(20_000);

const taonga: RollChildDto = {
  id: 7,
  name: "Taonga Mwale",
  grade: "K",
  className: null,
  linked: false,
  student: null,
  guardians: [
    {
      slot: 1,
      name: "Una Mwale",
      email: "una@example.com",
      phone: null,
      invitedAt: "2026-11-29T14:00:00.000Z",
      expiresAt: "2026-12-13T14:00:00.000Z",
      claimedAt: null,
      state: "invited",
    },
    {
      slot: 2,
      name: "Grandma Mwale",
      email: null,
      phone: "+260955111222",
      invitedAt: null,
      expiresAt: null,
      claimedAt: null,
      state: "not_invited",
    },
  ],
};

const chilufya: RollChildDto = {
  id: 3,
  name: "Chilufya Banda",
  grade: "3",
  className: "3B",
  linked: true,
  student: { id: 40, parentName: "Mwila Banda" },
  guardians: [
    {
      slot: 1,
      name: "Mwila Banda",
      email: "mwila@example.com",
      phone: null,
      invitedAt: "2026-11-20T06:30:00.000Z",
      expiresAt: "2026-12-04T06:30:00.000Z",
      claimedAt: "2026-11-21T07:05:00.000Z",
      state: "linked",
    },
    {
      slot: 2,
      name: "Joseph Banda",
      email: "joseph@example.com",
      phone: "+260977123456",
      invitedAt: "2026-11-01T08:00:00.000Z",
      expiresAt: "2026-11-15T08:00:00.000Z",
      claimedAt: null,
      state: "expired",
    },
  ],
};

function page(data: RollChildDto[], pageNo = 1, total = data.length): RollListDto {
  const totalPages = Math.ceil(total / 50);
  return {
    data,
    metadata: {
      total,
      page: pageNo,
      pageSize: 50,
      totalPages,
      hasNextPage: pageNo < totalPages,
      hasPreviousPage: pageNo > 1,
    },
    counts: { all: 2, waiting: 1, linked: 1 },
  };
}

describe("the school roll card", () => {
  it("shows the waiting children, then the linked ones, each guardian on the school's clock", async () => {
    const calls = mockFetch({
      "GET /api/parents/roll?status=waiting&page=1": page([taonga]),
      "GET /api/parents/roll?status=linked&page=1": page([chilufya]),
    });
    renderPortal(<RollCard />);
    const user = userEvent.setup();
    const row = (await screen.findByText("Taonga Mwale")).closest("tr")!;
    expect(screen.getByRole("tab", { name: "Waiting (1)", selected: true })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Linked (1)" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "All (2)" })).toBeInTheDocument();
    expect(row).toHaveTextContent("Grade K");
    expect(row).toHaveTextContent("Waiting for a guardian");
    expect(row).toHaveTextContent(
      "Una MwaleInviteduna@example.comSent 29 Nov 2026, 16:00works until 13 Dec 2026, 16:00",
    );
    expect(row).toHaveTextContent("Grandma MwaleNot invited+260955111222No e-mail address");
    expect(
      within(row).getByRole("button", { name: "Send Taonga Mwale's links again" }),
    ).toBeEnabled();

    await user.click(screen.getByRole("tab", { name: "Linked (1)" }));
    const linked = (await screen.findByText("Chilufya Banda")).closest("tr")!;
    expect(linked).toHaveTextContent("On Mwila Banda's account");
    expect(linked).toHaveTextContent("Grade 3Class 3B");
    expect(linked).toHaveTextContent("Linkedmwila@example.comClaimed 21 Nov 2026, 09:05");
    expect(linked).toHaveTextContent("Link expired");
    expect(linked).toHaveTextContent("expired 15 Nov 2026, 10:00");
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /api/parents/roll?status=waiting&page=1",
      "GET /api/parents/roll?status=linked&page=1",
    ]);
  });

  it("searches, pages, and sends links again with the server's answer", async () => {
    let sent = false;
    const calls = mockFetch({
      "GET /api/parents/roll?status=waiting&page=1": page([taonga], 1, 60),
      "GET /api/parents/roll?status=waiting&page=2": page([taonga], 2, 60),
      "GET /api/parents/roll?status=waiting&page=1&q=mwale": page([taonga]),
      "POST /api/parents/roll/7/invite": () => {
        if (sent) {
          return {
            status: 429,
            body: { message: rollResendTooSoonMessage(540), retryAfter: 540 },
          };
        }
        sent = true;
        return {
          sent: 1,
          sms: 0,
          message: "A new link was sent by e-mail; earlier links no longer work.",
        };
      },
    });
    renderPortal(<RollCard />);
    const user = userEvent.setup();
    expect(await screen.findByText("Showing children 1 to 50 of 60")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page 2 of 2")).toBeInTheDocument();

    await user.type(screen.getByRole("textbox", { name: "Search the roll" }), "  mwale ");
    await user.click(screen.getByRole("button", { name: "Find" }));
    expect(await screen.findByText("Showing children 1 to 1 of 1")).toBeInTheDocument();

    const button = screen.getByRole("button", { name: "Send Taonga Mwale's links again" });
    await user.click(button);
    expect(
      await screen.findByText("A new link was sent by e-mail; earlier links no longer work."),
    ).toBeInTheDocument();
    const again = screen.getByRole("button", { name: "Send Taonga Mwale's links again" });
    await waitFor(() => expect(again).toBeEnabled());
    await user.click(again);
    expect(await screen.findByText(rollResendTooSoonMessage(540))).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path === "/api/parents/roll?status=waiting&page=1&q=mwale"),
      ).toHaveLength(3),
    );
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      "/api/parents/roll/7/invite",
      "/api/parents/roll/7/invite",
    ]);
  });

  it("has no button for a child nobody can be sent a link for", async () => {
    const full = {
      ...chilufya,
      guardians: chilufya.guardians.map((g) => ({ ...g, state: "linked" as const })),
    };
    mockFetch({ "GET /api/parents/roll?status=waiting&page=1": page([full]) });
    renderPortal(<RollCard />);
    const row = (await screen.findByText("Chilufya Banda")).closest("tr")!;
    expect(within(row).queryByRole("button")).toBeNull();
  });

  it("goes back to the last page with children when the page it shows has emptied", async () => {
    const calls = mockFetch({
      "GET /api/parents/roll?status=waiting&page=1": page([taonga], 1, 60),
      // Ten children were claimed meanwhile: page 2 of what is now one page.
      "GET /api/parents/roll?status=waiting&page=2": page([], 2, 50),
    });
    renderPortal(<RollCard />);
    const user = userEvent.setup();
    await screen.findByText("Taonga Mwale");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain("/api/parents/roll?status=waiting&page=2"),
    );
    expect(await screen.findByText("Showing children 1 to 50 of 60")).toBeInTheDocument();
    expect(screen.getByText("Taonga Mwale")).toBeInTheDocument();
    expect(screen.queryByText(/Showing children 51 to 50/)).toBeNull();
  });
});
