import { describe, expect, it } from "@jest/globals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CounterSection } from "@/components/admin/counter/counter-section";
import type { MenuItemDto } from "@/lib/contracts";
import type { CounterStudentDto } from "@/lib/contracts/counter";
import { mockFetch, renderPortal } from "./portal-harness";

// The Counter section (issue 47): find a child, allergies in red first, tap items, Sell with a
// visible sending state; a dropped connection is retried with the same till key; an allergen asks
// to confirm; a refusal is shown as the server words it; the receipt ends the sale.

const item = (id: number, name: string, price: string, allergens: string[] = []): MenuItemDto => ({
  id,
  name,
  description: null,
  price,
  discountPrice: null,
  imageUrl: null,
  type: "counter",
  categories: [],
  proteinDescriptions: {},
  weekNumbers: [],
  daysOfWeek: [],
  allergens,
  sideDishes: [],
  isAvailable: true,
  isArchived: false,
});

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

const menu = [
  item(1, "Crisps", "7.50"),
  item(2, "Peanut Cookie", "4.00", ["Peanuts"]),
  item(3, "Meal", "40.00"),
];
menu[2]!.type = "primary";

const joseph: CounterStudentDto = {
  ...natasha,
  id: 8,
  name: "Joseph Mumba",
  allergies: [],
  todaysOrder: null,
};

/** Searches "nat"; with several found, chooses Natasha from the list. */
async function chooseNatasha(several: boolean) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Name or card code"), "nat");
  await user.click(screen.getByRole("button", { name: "Find" }));
  if (several) {
    const found = await screen.findByRole("list", { name: "Children found" });
    // The allergy comes before the name.
    const [first] = within(found).getAllByRole("button");
    expect(first!.textContent).toMatch(/^⚠ Allergic to Peanuts.*Natasha/);
    await user.click(first!);
  }
  // The only child found is chosen at once.
  await screen.findByRole("region", { name: "Chosen child" });
  return user;
}

describe("the Counter section", () => {
  it("sells, retrying a dropped connection with the same key, and shows the receipt", async () => {
    let attempts = 0;
    const calls = mockFetch({
      "GET /api/menu": menu,
      "GET /api/counter/students?q=nat": [natasha, joseph],
      "POST /api/counter/sales": () => {
        attempts += 1;
        if (attempts === 1) throw new Error("connection dropped");
        return { status: 201, body: { saleId: 41, total: "15.00", available: "15.00" } };
      },
    });
    renderPortal(<CounterSection />);
    const user = await chooseNatasha(true);
    expect(screen.getByRole("alert")).toHaveTextContent("Allergic to Peanuts");
    expect(screen.getByText(/Pre-ordered today/)).toHaveTextContent("Nshima");
    // Only counter items are offered.
    expect(screen.queryByRole("button", { name: /Meal/ })).toBeNull();
    await user.click(await screen.findByRole("button", { name: /Crisps/ }));
    await user.click(screen.getByRole("button", { name: "One more Crisps" }));
    await user.click(screen.getByRole("button", { name: /^Sell K/ }));
    expect(await screen.findByText(/connection dropped before the answer/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Retry sale" }));
    expect(await screen.findByText("Sold to Natasha Mumba")).toBeInTheDocument();
    expect(screen.getByText(/Sale #41/)).toBeInTheDocument();
    const sales = calls.filter((c) => c.path === "/api/counter/sales");
    expect(sales).toHaveLength(2);
    const [first, second] = sales.map((c) => c.body as { idempotencyKey: string });
    expect(first!.idempotencyKey).toBe(second!.idempotencyKey);
    expect(sales[0]!.body).toMatchObject({
      studentId: 7,
      items: [{ menuItemId: 1, quantity: 2 }],
      allergyAcknowledged: false,
    });
  });

  it("asks to confirm an allergen, and shows a refusal as the server words it", async () => {
    const calls = mockFetch({
      "GET /api/menu": menu,
      "GET /api/counter/students?q=nat": [natasha],
      "POST /api/counter/sales": (body: unknown) =>
        (body as { allergyAcknowledged: boolean }).allergyAcknowledged
          ? {
              status: 402,
              body: { message: "The family wallet has only K2.00. Nothing was charged." },
            }
          : {
              status: 409,
              body: {
                message: "Natasha is allergic to Peanuts.",
                allergyConflict: { studentId: 7, allergens: ["Peanuts"] },
              },
            },
    });
    renderPortal(<CounterSection />);
    const user = await chooseNatasha(false);
    await user.click(await screen.findByRole("button", { name: /Peanut Cookie/ }));
    await user.click(screen.getByRole("button", { name: /^Sell K/ }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Natasha Mumba is allergic to Peanuts");
    await user.click(within(dialog).getByRole("button", { name: "Sell anyway" }));
    expect(await screen.findByText(/has only K2.00. Nothing was charged/)).toBeInTheDocument();
    const sales = calls.filter((c) => c.path === "/api/counter/sales");
    expect(
      sales.map((c) => (c.body as { allergyAcknowledged: boolean }).allergyAcknowledged),
    ).toEqual([false, true]);
    // A refusal is certain: the next sale gets a new key.
    await waitFor(() => expect(screen.getByRole("button", { name: /^Sell K/ })).toBeEnabled());
  });
});
