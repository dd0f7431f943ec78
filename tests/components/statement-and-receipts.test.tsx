import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OrderHistory } from "@/components/portal/order-history";
import { StatementDownload } from "@/components/portal/statement-download";
import { STATEMENT_REVERSED, STATEMENT_TOO_LONG } from "@/lib/contracts/statement";
import { schoolToday } from "@/lib/school-calendar";
import { TZ, baseRoutes, mockFetch, order, renderPortal } from "./portal-harness";

// Issue 49: the statement's period picker in Order History, and a paid order's receipt reopened.

describe("the statement download", () => {
  it("links this month so far, as a PDF the server draws", () => {
    mockFetch(baseRoutes());
    renderPortal(<StatementDownload timeZone={TZ} />);
    const today = schoolToday(TZ);
    const link = screen.getByRole("link", { name: /download statement/i });
    expect(link.getAttribute("href")).toBe(
      `/api/account/statement?from=${today.slice(0, 8)}01&to=${today}`,
    );
  });

  it("says what is wrong with a period and offers no link until it is right", () => {
    mockFetch(baseRoutes());
    renderPortal(<StatementDownload timeZone={TZ} />);
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-03-10" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-03-01" } });
    expect(screen.getByRole("alert").textContent).toBe(STATEMENT_REVERSED);
    expect(screen.queryByRole("link", { name: /download statement/i })).toBeNull();
    expect(screen.getByRole("button", { name: /download statement/i })).toHaveProperty(
      "disabled",
      true,
    );
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2024-01-01" } });
    expect(screen.getByRole("alert").textContent).toBe(STATEMENT_TOO_LONG);
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-02-01" } });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("link", { name: /download statement/i }).getAttribute("href")).toBe(
      "/api/account/statement?from=2026-02-01&to=2026-03-01",
    );
  });
});

describe("a receipt reopened from Order History", () => {
  it("opens the paid order's receipt by its payment reference; an unpaid order has none", async () => {
    mockFetch(
      baseRoutes({
        "GET /api/orders?includeAll=true": [
          order({ id: 1, paymentReference: "CR-77", menuItem: { name: "Paid Meal" } }),
          order({
            id: 2,
            dayOfWeek: 2,
            paymentStatus: "pending",
            menuItem: { name: "Unpaid Meal" },
          }),
        ],
        "GET /api/counter/purchases": [],
        "GET /api/account/receipts/CR-77": {
          reference: "CR-77",
          total: "50.00",
          lines: [
            {
              orderId: 1,
              studentName: "Chipo",
              weekNumber: 1,
              dayOfWeek: 1,
              date: "2026-01-05",
              meal: "Paid Meal",
              amount: "50.00",
            },
          ],
        },
      }),
    );
    renderPortal(<OrderHistory timeZone={TZ} />);
    const paid = (await screen.findByText("Paid Meal")).closest("li")!;
    const unpaid = screen.getByText("Unpaid Meal").closest("li")!;
    expect(within(unpaid).queryByRole("button", { name: /view receipt/i })).toBeNull();
    await userEvent.click(within(paid).getByRole("button", { name: /view receipt/i }));
    const dialog = await screen.findByRole("dialog", { name: "Receipt" });
    expect(await within(dialog).findByText("CR-77")).toBeTruthy();
    expect(within(dialog).getByText("Total paid")).toBeTruthy();
  });
});
