import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RevenueStatsSection } from "@/components/admin/revenue/revenue-section";
import { SettingsSection } from "@/components/admin/settings/settings-section";
import type { RevenueStatsDto } from "@/lib/contracts/revenue";
import type { DiscountCodeDto } from "@/lib/contracts/settings";
import { mockFetch, renderPortal, type FetchCall, type Routes } from "./portal-harness";

jest.setTimeout(20_000);

const searches = (calls: FetchCall[]) =>
  calls.filter((c) => c.path.startsWith("/api/users/search"));

const code: DiscountCodeDto = {
  id: 4,
  code: "STAFF10",
  userId: 5,
  user: { username: "mary.banda" },
  discountPercentage: 10,
  isActive: true,
};

function renderSettings(routes: Routes = {}) {
  const calls = mockFetch({ "GET /api/discount-codes": { data: [] }, ...routes });
  renderPortal(<SettingsSection />);
  return calls;
}

describe("Settings › Discount Codes", () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it("searches users only from 2 characters, once, 300 ms after typing stops, and creates the code", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const calls = renderSettings({
      "GET /api/users/search?q=ma": { data: [{ id: 5, username: "mary.banda" }] },
      "POST /api/discount-codes": code,
    });
    const search = await screen.findByLabelText("User");

    await user.type(search, "m");
    act(() => jest.advanceTimersByTime(1_000));
    expect(searches(calls)).toHaveLength(0);
    expect(screen.getByText("Type at least 2 characters to search.")).toBeInTheDocument();

    await user.type(search, "a");
    act(() => jest.advanceTimersByTime(299));
    expect(searches(calls)).toHaveLength(0);
    act(() => jest.advanceTimersByTime(1));
    await waitFor(() => expect(searches(calls)).toHaveLength(1));
    expect(searches(calls)[0]!.path).toBe("/api/users/search?q=ma");

    await user.click(await screen.findByRole("button", { name: "mary.banda" }));
    expect(screen.getByText("mary.banda")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Code"), "STAFF10");
    expect(screen.getByLabelText("Discount Percentage")).toHaveValue(10);
    await user.click(screen.getByRole("button", { name: "Create Discount Code" }));

    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({
        code: "STAFF10",
        userId: 5,
        discountPercentage: 10,
        isActive: true,
      }),
    );
    expect(await screen.findByText("Discount code created successfully")).toBeInTheDocument();
    expect(searches(calls)).toHaveLength(1);
    // The form resets: an empty search box, no list of users left open (issue 25).
    await waitFor(() => expect(screen.getByLabelText("User")).toHaveValue(""));
    expect(screen.queryByRole("list", { name: "Matching users" })).toBeNull();
    expect(screen.getByLabelText("Code")).toHaveValue("");
  });

  it("shows the spec's messages when the code is short and no user is chosen", async () => {
    const user = userEvent.setup();
    const calls = renderSettings();
    await user.type(await screen.findByLabelText("Code"), "AB");
    await user.click(screen.getByRole("button", { name: "Create Discount Code" }));
    expect(await screen.findByText("Code must be at least 3 characters")).toBeInTheDocument();
    expect(screen.getByText("Please select a user")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("toasts 'Failed to search users' when the search fails", async () => {
    const user = userEvent.setup();
    renderSettings({ "GET /api/users/search?q=zz": { status: 500, body: {} } });
    await user.type(await screen.findByLabelText("User"), "zz");
    expect(await screen.findByText("Failed to search users", {}, { timeout: 2_000 })).toBeVisible();
  });

  it("switches a code off and deletes one after the confirmation", async () => {
    const user = userEvent.setup();
    const calls = renderSettings({
      "GET /api/discount-codes": { data: [code] },
      "PUT /api/discount-codes/4": { ...code, isActive: false },
      "DELETE /api/discounts/4": { id: 4 },
    });
    const row = (await screen.findByText("STAFF10")).closest("tr")!;
    expect(within(row).getByText("mary.banda")).toBeInTheDocument();
    expect(within(row).getByText("10%")).toBeInTheDocument();
    await user.click(within(row).getByRole("switch", { name: "Active: STAFF10" }));
    expect(await screen.findByText("Discount code updated successfully")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ isActive: false });

    await user.click(within(row).getByRole("button", { name: "Delete STAFF10" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent(
      "Are you sure you want to delete this discount code? This action cannot be undone.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Discount code deleted successfully")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/discounts/4")).toBe(true);
  });

  it("shows the server's error field when a delete fails", async () => {
    const user = userEvent.setup();
    renderSettings({
      "GET /api/discount-codes": { data: [code] },
      "DELETE /api/discounts/4": { status: 404, body: { error: "Discount code not found" } },
    });
    await user.click(await screen.findByRole("button", { name: "Delete STAFF10" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    );
    expect(await screen.findByText("Discount code not found")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
  });
});

describe("Settings › Order Settings", () => {
  async function openTab(routes: Routes) {
    const user = userEvent.setup();
    const calls = renderSettings(routes);
    await user.click(screen.getByRole("tab", { name: "Order Settings" }));
    return { user, calls };
  }

  it("shows the saved cut-off and saves the chosen hour and minute", async () => {
    const { user, calls } = await openTab({
      "GET /api/settings/cutoff-time": { cutoffHour: 9, cutoffMinute: 30 },
      "POST /api/settings/cutoff-time": { cutoffHour: 13, cutoffMinute: 5 },
    });
    const hour = await screen.findByRole("combobox", { name: "Hour" });
    await waitFor(() => expect(hour).toHaveTextContent("09"));
    expect(screen.getByRole("combobox", { name: "Minute" })).toHaveTextContent("30");

    await user.click(hour);
    const hours = await screen.findAllByRole("option");
    expect(hours.map((o) => o.textContent)).toEqual(
      Array.from({ length: 24 }, (_, i) => String(i).padStart(2, "0")),
    );
    await user.click(screen.getByRole("option", { name: "13" }));
    await user.click(screen.getByRole("combobox", { name: "Minute" }));
    expect(await screen.findAllByRole("option")).toHaveLength(60);
    await user.click(screen.getByRole("option", { name: "05" }));
    await user.click(screen.getByRole("button", { name: "Save Cutoff Time" }));

    expect(await screen.findByText("Cutoff time settings saved successfully")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ hour: 13, minute: 5 });
  });

  it("shows 08:00 and toasts when the cut-off cannot be fetched", async () => {
    await openTab({ "GET /api/settings/cutoff-time": { status: 500, body: {} } });
    expect(await screen.findByText("Failed to fetch cutoff time settings")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Hour" })).toHaveTextContent("08");
    expect(screen.getByRole("combobox", { name: "Minute" })).toHaveTextContent("00");
  });

  it("toasts the server's message when saving fails", async () => {
    const { user } = await openTab({
      "GET /api/settings/cutoff-time": { cutoffHour: 8, cutoffMinute: 0 },
      "POST /api/settings/cutoff-time": { status: 403, body: { message: "Forbidden here" } },
    });
    await user.click(await screen.findByRole("button", { name: "Save Cutoff Time" }));
    expect(await screen.findByText("Forbidden here")).toBeInTheDocument();
  });
});

describe("Settings › Order Settings › Order Reminders", () => {
  it("shows the saved reminder settings and saves them turned on at a new time", async () => {
    const user = userEvent.setup();
    const calls = renderSettings({
      "GET /api/settings/cutoff-time": { cutoffHour: 8, cutoffMinute: 0 },
      "GET /api/settings/reminders": { enabled: false, hour: 17, minute: 0 },
      "POST /api/settings/reminders": (body: unknown) => body,
    });
    await user.click(screen.getByRole("tab", { name: "Order Settings" }));
    const hour = await screen.findByRole("combobox", { name: "Reminder hour" });
    // 17 is also the form's default: the saved settings are in once the fields open.
    await waitFor(() => expect(hour).toBeEnabled());
    expect(hour).toHaveTextContent("17");
    const enabled = screen.getByRole("switch", { name: "Send order reminders" });
    expect(enabled).not.toBeChecked();
    await user.click(enabled);
    await user.click(hour);
    await user.click(await screen.findByRole("option", { name: "16" }));
    await user.click(screen.getByRole("button", { name: "Save Reminders" }));
    expect(await screen.findByText("Reminder settings saved successfully")).toBeInTheDocument();
    expect(
      calls.find((c) => c.path === "/api/settings/reminders" && c.method === "POST")?.body,
    ).toEqual({
      enabled: true,
      hour: 16,
      minute: 0,
    });
  });
});

describe("Settings › Payment Settings and Communication", () => {
  it("shows the payment fields only when enabled, and saves them", async () => {
    const user = userEvent.setup();
    const calls = renderSettings({
      "GET /api/settings/payment-bypass": {
        enabled: false,
        airtelMoney: { name: "", number: "" },
        mtnMoney: { name: "", number: "" },
        bankTransfer: {
          bankName: "",
          accountName: "",
          accountNumber: "",
          branchName: "",
          swiftCode: "",
        },
      },
      "POST /api/settings/payment-bypass": (body: unknown) => body,
    });
    await user.click(screen.getByRole("tab", { name: "Payment Settings" }));
    expect(await screen.findByText("Alternative Payment Methods")).toBeInTheDocument();
    expect(screen.queryByLabelText("Airtel Money Account Name")).toBeNull();
    await user.click(screen.getByRole("switch", { name: "Enable alternative payment methods" }));
    await user.type(screen.getByLabelText("Airtel Money Phone Number"), "+260971111111");
    await user.type(screen.getByLabelText("Swift Code"), "ZNCOZMLU");
    await user.click(screen.getByRole("button", { name: "Save Payment Settings" }));
    expect(await screen.findByText("Payment bypass settings saved successfully")).toBeVisible();
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      enabled: true,
      airtelMoney: { name: "", number: "+260971111111" },
      bankTransfer: { swiftCode: "ZNCOZMLU" },
    });
  });

  it("turns paying later by bank transfer off beside the alternative methods (issue 44)", async () => {
    const user = userEvent.setup();
    const calls = renderSettings({
      "GET /api/settings/bank-transfer": { enabled: true },
      "POST /api/settings/bank-transfer": (body: unknown) => body,
    });
    await user.click(screen.getByRole("tab", { name: "Payment Settings" }));
    expect(await screen.findByText("Pay Later by Transfer")).toBeInTheDocument();
    const toggle = screen.getByRole("switch", {
      name: "Let parents order now and pay by bank transfer",
    });
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    await user.click(screen.getByRole("button", { name: "Save Bank Transfer" }));
    expect(await screen.findByText("Bank transfer settings saved successfully")).toBeVisible();
    expect(
      calls.find((c) => c.method === "POST" && c.path === "/api/settings/bank-transfer")?.body,
    ).toEqual({ enabled: false });
  });

  it("refuses an invalid support e-mail with the spec's message", async () => {
    const user = userEvent.setup();
    const calls = renderSettings({
      "GET /api/settings/communication": { supportEmail: "", whatsappNumber: "" },
      "POST /api/settings/communication": (body: unknown) => body,
    });
    await user.click(screen.getByRole("tab", { name: "Communication" }));
    const email = await screen.findByLabelText("Support Email");
    await user.type(email, "not-an-email");
    await user.click(screen.getByRole("button", { name: "Save Communication Settings" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.clear(email);
    await user.type(email, "office@school.zm");
    await user.type(screen.getByLabelText("WhatsApp Contact Number"), "+260 97 1234567");
    await user.click(screen.getByRole("button", { name: "Save Communication Settings" }));
    expect(await screen.findByText("Communication settings saved successfully")).toBeVisible();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      supportEmail: "office@school.zm",
      whatsappNumber: "+260 97 1234567",
    });
  });
});

const stats: RevenueStatsDto = {
  totalOrders: 9,
  netRevenue: "121.51",
  totalStudents: 4,
  cancelledOrders: { count: 3, amount: "65.00" },
  pendingOrders: { count: 2, amount: "60.01" },
  completedOrders: { count: 4, amount: "121.51" },
  credit: { issued: "45.50", outstanding: "30.00" },
  cycles: [
    { id: 2, startDate: "2026-12-07", endDate: "2027-01-15", isActive: true },
    { id: 1, startDate: "2026-09-07", endDate: "2026-10-02", isActive: false },
  ],
};

const zmw = (kwacha: number) =>
  new Intl.NumberFormat("en-ZM", {
    style: "currency",
    currency: "ZMW",
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  })
    .format(kwacha)
    // toHaveTextContent collapses the no-break space Intl puts after "K".
    .replace(/\s+/g, " ");

describe("Revenue Stats", () => {
  it("shows the cards with amounts rounded up to whole kwacha and one-decimal percentages", async () => {
    mockFetch({ "GET /api/revenue/stats": stats });
    renderPortal(<RevenueStatsSection />);
    const card = async (name: string) => screen.findByRole("group", { name });
    expect(await card("Total Orders")).toHaveTextContent("9");
    expect(await card("Completed Revenue")).toHaveTextContent(zmw(122));
    // Total Revenue = net + pending = 181.52 → 182
    expect(await card("Total Revenue")).toHaveTextContent(zmw(182));
    expect(await card("Total Students")).toHaveTextContent("4");
    const completed = await card("Completed");
    expect(completed).toHaveTextContent("4 orders");
    expect(completed).toHaveTextContent(zmw(122));
    expect(completed).toHaveTextContent("44.4% of total orders");
    expect(await card("Cancelled")).toHaveTextContent("33.3% of total orders");
    expect(await card("Cancelled")).toHaveTextContent(zmw(65));
    expect(await card("Pending")).toHaveTextContent(zmw(61));
    expect(await card("Pending")).toHaveTextContent("22.2% of total orders");
  });

  it("shows 0.0% for every status when there are no orders", async () => {
    mockFetch({
      "GET /api/revenue/stats": {
        ...stats,
        totalOrders: 0,
        netRevenue: "0.00",
        totalStudents: 0,
        cancelledOrders: { count: 0, amount: "0.00" },
        pendingOrders: { count: 0, amount: "0.00" },
        completedOrders: { count: 0, amount: "0.00" },
      },
    });
    renderPortal(<RevenueStatsSection />);
    for (const name of ["Completed", "Cancelled", "Pending"]) {
      expect(await screen.findByRole("group", { name })).toHaveTextContent("0.0% of total orders");
    }
  });

  it("lists All Time and each cycle with its dates and (Active), and fetches the chosen cycle", async () => {
    const user = userEvent.setup();
    const calls = mockFetch({
      "GET /api/revenue/stats": stats,
      "GET /api/revenue/stats?cycleId=1": { ...stats, totalOrders: 5 },
    });
    renderPortal(<RevenueStatsSection />);
    await screen.findByRole("group", { name: "Total Orders" });
    await user.click(screen.getByRole("combobox", { name: "Period" }));
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent);
    expect(options).toEqual([
      "All Time",
      "Mon 7 Dec 2026 - Fri 15 Jan 2027 (Active)",
      "Mon 7 Sep 2026 - Fri 2 Oct 2026",
    ]);
    await user.click(screen.getByRole("option", { name: "Mon 7 Sep 2026 - Fri 2 Oct 2026" }));
    await waitFor(() =>
      expect(screen.getByRole("group", { name: "Total Orders" })).toHaveTextContent("5"),
    );
    expect(calls.map((c) => c.path)).toContain("/api/revenue/stats?cycleId=1");
  });

  it("retries once, then shows 'Error loading revenue stats: ...'", async () => {
    const calls = mockFetch({ "GET /api/revenue/stats": { status: 500, body: {} } });
    renderPortal(<RevenueStatsSection />);
    expect(
      await screen.findByText(
        "Error loading revenue stats: Failed to fetch revenue stats",
        {},
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/api/revenue/stats")).toHaveLength(2);
  });
});
