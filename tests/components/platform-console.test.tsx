import { describe, expect, it, jest } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PlatformConsole } from "@/components/platform/platform-console";
import type { PlatformSchoolDto } from "@/lib/contracts/platform";
import { SLUG_TAKEN } from "@/lib/contracts/platform";
import { mockFetch, renderPortal, type FetchCall } from "./portal-harness";

// The operators' console at /platform (issue 45), driven through fetch at the network edge by a
// fake that speaks /api/platform: what is asked of the server, and what the operator sees.

jest.setTimeout(20_000);

const OPERATOR = { id: 1, username: "ops" };

function school(overrides: Partial<PlatformSchoolDto> = {}): PlatformSchoolDto {
  return {
    id: 1,
    slug: "default",
    name: "Lunch Box Lusaka",
    hosts: ["localhost:3000"],
    timeZone: "Africa/Lusaka",
    currency: "ZMW",
    status: "active",
    createdAt: "2025-01-15T08:00:00.000Z",
    counts: { parents: 1234, students: 2001, orders: 45678 },
    payment: "environment",
    ...overrides,
  };
}

const second = school({
  id: 2,
  slug: "second",
  name: "Second School",
  hosts: ["second.example.com", "lunch.second.example.com"],
  timeZone: "Africa/Harare",
  createdAt: "2026-03-02T10:00:00.000Z",
  counts: { parents: 3, students: 5, orders: 0 },
});

/** The platform's API as the server speaks it; `signedIn` decides what /me answers. */
function fakePlatform({ signedIn = true, schools = [school(), second] } = {}): FetchCall[] {
  let list = schools;
  return mockFetch({
    "GET /api/platform/me": signedIn
      ? OPERATOR
      : { status: 401, body: { message: "Authentication required" } },
    "POST /api/platform/login": (body: unknown) => {
      const { username, password } = body as { username: string; password: string };
      return username === "ops" && password === "correct horse battery"
        ? OPERATOR
        : { status: 401, body: { message: "Invalid username or password" } };
    },
    "POST /api/platform/logout": { ok: true },
    "GET /api/platform/schools": () => list,
    "POST /api/platform/schools": (body: unknown) => {
      const sent = body as { slug: string; hosts: string[] };
      if (list.some((s) => s.slug === sent.slug)) {
        return { status: 409, body: { message: SLUG_TAKEN } };
      }
      if (sent.hosts.some((host) => host.includes("_"))) {
        return {
          status: 422,
          body: {
            message: "Not an address: bad_host",
            details: { hosts: ["Not an address: bad_host"] },
          },
        };
      }
      return {
        status: 201,
        body: { school: school({ id: 3 }), admin: { username: "superadmin" } },
      };
    },
    "PATCH /api/platform/schools/2": (body: unknown) => {
      list = list.map((s) => (s.id === 2 ? { ...s, ...(body as Partial<PlatformSchoolDto>) } : s));
      return list.find((s) => s.id === 2);
    },
  });
}

describe("the operators' console", () => {
  it("signs in, showing the server's refusal under the password", async () => {
    const calls = fakePlatform({ signedIn: false });
    renderPortal(<PlatformConsole />);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText("Username"), "ops");
    await user.type(screen.getByLabelText("Password"), "wrong password");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Invalid username or password")).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");

    await user.clear(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("heading", { name: "Platform", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("ops")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      {
        method: "POST",
        path: "/api/platform/login",
        body: { username: "ops", password: "wrong password" },
      },
      {
        method: "POST",
        path: "/api/platform/login",
        body: { username: "ops", password: "correct horse battery" },
      },
    ]);
  });

  it("lists the schools with their addresses, status and counts, and logs out", async () => {
    const calls = fakePlatform();
    renderPortal(<PlatformConsole />);
    const user = userEvent.setup();

    const table = await screen.findByRole("table", { name: "Schools" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .slice(0, 9)
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!)).toEqual([
      "Lunch Box Lusaka",
      "default",
      "localhost:3000",
      "Africa/Lusaka",
      "Active",
      "1,234",
      "2,001",
      "45,678",
      "15 Jan 2025",
    ]);
    expect(cells(rows[1]!)).toEqual([
      "Second School",
      "second",
      "second.example.comlunch.second.example.com",
      "Africa/Harare",
      "Active",
      "3",
      "5",
      "0",
      "2 Mar 2026",
    ]);
    expect(within(rows[1]!).getByRole("link", { name: "Export Second School" })).toHaveAttribute(
      "href",
      "/api/platform/schools/2/export",
    );

    await user.click(screen.getByRole("button", { name: "Log out" }));
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/platform/logout")).toBe(true);
  });

  it("creates a school with the right body and shows a 409 and a 422 in the form", async () => {
    const calls = fakePlatform();
    renderPortal(<PlatformConsole />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole("button", { name: "New school" }));
    const dialog = await screen.findByRole("dialog", { name: "New school" });
    const field = (label: string) => within(dialog).getByLabelText(label);
    expect(field("Time zone")).toHaveValue("Africa/Lusaka");
    await user.type(field("Name"), "Third School");
    await user.type(field("Slug"), "second");
    await user.type(field("Addresses"), "third.example.com,\nlunch.third.example.com");
    await user.type(field("Admin e-mail"), "head@third.example.com");
    await user.type(field("Admin password (optional)"), "short");
    await user.click(within(dialog).getByRole("button", { name: "Create school" }));
    expect(
      await within(dialog).findByText("The password must be at least 12 characters"),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await user.clear(field("Admin password (optional)"));
    await user.click(within(dialog).getByRole("button", { name: "Create school" }));
    expect(await within(dialog).findByText(SLUG_TAKEN)).toBeInTheDocument();
    expect(field("Slug")).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      {
        method: "POST",
        path: "/api/platform/schools",
        body: {
          name: "Third School",
          slug: "second",
          hosts: ["third.example.com", "lunch.third.example.com"],
          timeZone: "Africa/Lusaka",
          adminEmail: "head@third.example.com",
        },
      },
    ]);

    await user.clear(field("Slug"));
    await user.type(field("Slug"), "third");
    await user.type(field("Addresses"), " bad_host");
    await user.click(within(dialog).getByRole("button", { name: "Create school" }));
    expect(await within(dialog).findByText("Not an address: bad_host")).toBeInTheDocument();
    expect(field("Addresses")).toHaveAttribute("aria-invalid", "true");
  });

  it("suspends a school only after a confirmation that names it and says what it does", async () => {
    const calls = fakePlatform();
    renderPortal(<PlatformConsole />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole("button", { name: "Suspend Second School" }));
    const question = await screen.findByRole("alertdialog", { name: "Suspend Second School?" });
    expect(
      within(question).getByText(
        "Parents and teachers cannot order or pay; admins can still sign in, read and export.",
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);

    await user.click(within(question).getByRole("button", { name: "Suspend" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "PATCH")).toEqual([
        { method: "PATCH", path: "/api/platform/schools/2", body: { status: "suspended" } },
      ]),
    );
    const row = (await screen.findByRole("button", { name: "Reactivate Second School" })).closest(
      "tr",
    )!;
    expect(within(row).getByText("Suspended")).toBeInTheDocument();
  });

  it("edits a school's name, addresses and time zone, sending only what changed", async () => {
    const calls = fakePlatform();
    renderPortal(<PlatformConsole />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole("button", { name: "Edit Second School" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Second School" });
    expect(within(dialog).getByLabelText("Addresses")).toHaveValue(
      "second.example.com\nlunch.second.example.com",
    );
    await user.clear(within(dialog).getByLabelText("Name"));
    await user.type(within(dialog).getByLabelText("Name"), "Second Academy");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([
      { method: "PATCH", path: "/api/platform/schools/2", body: { name: "Second Academy" } },
    ]);
    expect(await screen.findByText("Second Academy")).toBeInTheDocument();
  });
});
