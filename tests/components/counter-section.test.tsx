import { describe, expect, it } from "@jest/globals";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CounterSection } from "@/components/admin/counter/counter-section";
import type { CounterItemDto, CounterStudentDto } from "@/lib/contracts/counter";
import { mockFetch, renderPortal } from "./portal-harness";

// The Counter screen (issue 47, decision 0107): a child found by name, allergies in red before
// anything else, items tapped into a basket, Sell showing its state; a sale whose answer never came
// is sent again with the same key (charged once at most); an allergen in the basket turns Sell
// into a red confirmation that sends allergyAcknowledged; a refusal is shown as the server words
// it, and the next try is a new sale with a new key.

const natasha: CounterStudentDto = {
  id: 7,
  name: "Natasha Mumba",
  grade: "4",
  className: "4B",
  allergies: ["Peanuts"],
  dietaryNotes: null,
  available: "30.00",
  blocked: false,
  todaysOrder: {
    orderId: 3,
    menuItemName: "Nshima",
    category: null,
    sideDish: null,
    collected: false,
  },
};

const items: CounterItemDto[] = [
  { id: 1, name: "Crisps", price: "7.50", allergens: [], left: null },
  { id: 2, name: "Peanut Cookie", price: "4.00", allergens: ["Peanuts"], left: 5 },
  { id: 3, name: "Muffin", price: "6.00", allergens: [], left: 0 },
];

type SaleBody = { idempotencyKey: string; allergyAcknowledged?: boolean };

async function serveNatasha() {
  const user = userEvent.setup();
  await user.type(screen.getByPlaceholderText("Card code or child's name"), "nat");
  const found = await screen.findByRole("list", { name: "Children found" });
  await user.click(await within(found).findByRole("button", { name: /Natasha Mumba/ }));
  return user;
}

describe("the Counter screen", () => {
  it("sells, sending a sale whose answer never came again under the same key", async () => {
    let attempts = 0;
    const calls = mockFetch({
      "GET /api/counter/items": items,
      "GET /api/counter/students?q=nat": [natasha],
      "POST /api/counter/sales": () => {
        attempts += 1;
        if (attempts <= 3) throw new Error("connection dropped");
        return { status: 201, body: { saleId: 41, total: "15.00", available: "15.00" } };
      },
    });
    renderPortal(<CounterSection />);
    const user = await serveNatasha();
    const serving = screen.getByRole("region", { name: "Serving Natasha Mumba" });
    // The allergy is the first thing said about the child.
    expect(within(serving).getAllByRole("alert")[0]).toHaveTextContent("Allergies: Peanuts");
    expect(serving).toHaveTextContent(/Pre-ordered today: Nshima/);
    expect(screen.getByRole("button", { name: /^Muffin/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: /^Muffin/ })).toHaveTextContent("Sold out");

    await user.click(screen.getByRole("button", { name: /^Crisps/ }));
    await user.click(screen.getByRole("button", { name: "One Crisps more" }));
    const sale = screen.getByRole("region", { name: "Sale" });
    await user.click(within(sale).getByRole("button", { name: /^Sell K\s?15\.00$/ }));
    // Sent, then twice again on its own; still no answer: the basket waits, locked.
    expect(
      await within(sale).findByRole("button", { name: "Send the sale again" }, { timeout: 8000 }),
    ).toBeEnabled();
    expect(within(sale).getByRole("button", { name: "One Crisps more" })).toBeDisabled();
    await user.click(within(sale).getByRole("button", { name: "Send the sale again" }));
    const receipt = await screen.findByRole("status", { name: "Receipt" });
    expect(receipt).toHaveTextContent("Sold to Natasha Mumba");
    expect(receipt).toHaveTextContent(/Sale #41/);

    const sent = calls.filter((c) => c.path === "/api/counter/sales");
    expect(sent).toHaveLength(4);
    const keys = new Set(sent.map((c) => (c.body as SaleBody).idempotencyKey));
    expect(keys.size).toBe(1);
    expect(sent[0]!.body).toMatchObject({ studentId: 7, items: [{ menuItemId: 1, quantity: 2 }] });
  }, 20_000);

  it("says before Sell when the basket costs more than the child may spend today", async () => {
    mockFetch({
      "GET /api/counter/items": items,
      "GET /api/counter/students?q=nat": [{ ...natasha, available: "10.00" }],
      "POST /api/counter/sales": {
        status: 403,
        body: { message: "Natasha Mumba's daily counter limit is reached. Nothing was charged." },
      },
    });
    renderPortal(<CounterSection />);
    const user = await serveNatasha();
    await user.click(screen.getByRole("button", { name: /^Crisps/ }));
    await user.click(screen.getByRole("button", { name: "One Crisps more" }));
    const sale = screen.getByRole("region", { name: "Sale" });
    const over = /K\s?15\.00 is more than Natasha Mumba can spend today \(K\s?10\.00\)/;
    expect(sale).toHaveTextContent(over);

    await user.click(within(sale).getByRole("button", { name: "One Crisps less" }));
    expect(sale).not.toHaveTextContent(/can spend today/);

    // Still the server's to refuse: a parent may have topped up since the child was found.
    await user.click(within(sale).getByRole("button", { name: "One Crisps more" }));
    await user.click(within(sale).getByRole("button", { name: /^Sell K\s?15\.00$/ }));
    expect(await within(sale).findByRole("alert")).toHaveTextContent("limit is reached");
    expect(sale).not.toHaveTextContent(over);
  });

  it("asks to confirm an allergen, and a refusal starts a new sale", async () => {
    const calls = mockFetch({
      "GET /api/counter/items": items,
      "GET /api/counter/students?q=nat": [natasha],
      "POST /api/counter/sales": {
        status: 402,
        body: { message: "Natasha Mumba's family wallet has only K2.00. Nothing was charged." },
      },
    });
    renderPortal(<CounterSection />);
    const user = await serveNatasha();
    await user.click(screen.getByRole("button", { name: /^Peanut Cookie/ }));
    const sale = screen.getByRole("region", { name: "Sale" });
    expect(within(sale).getByRole("alert")).toHaveTextContent(
      "Contains Peanuts: this child is allergic.",
    );
    await user.click(
      within(sale).getByRole("button", { name: /^Confirm allergy and sell K\s?4\.00$/ }),
    );
    expect(
      await within(sale).findByText(
        "Natasha Mumba's family wallet has only K2.00. Nothing was charged.",
      ),
    ).toBeInTheDocument();
    await user.click(
      within(sale).getByRole("button", { name: /^Confirm allergy and sell K\s?4\.00$/ }),
    );
    await within(sale).findByText(/Nothing was charged/);
    const sent = calls.filter((c) => c.path === "/api/counter/sales");
    expect(sent.map((c) => (c.body as SaleBody).allergyAcknowledged)).toEqual([true, true]);
    // Refused: nothing was charged, so the second try is a new sale.
    const [first, second] = sent.map((c) => (c.body as SaleBody).idempotencyKey);
    expect(first).not.toBe(second);
  });
});
