import { describe, expect, it } from "@jest/globals";
import { render, screen, within } from "@testing-library/react";
import { CareList } from "@/components/admin/kitchen/care-list";
import type { KitchenOrder } from "@/lib/contracts/kitchen";

// Issue 18: the Fat Chef View lists the meals of children with allergies or dietary notes.

const order = (
  id: number,
  student: Partial<KitchenOrder["student"]>,
  ack = false,
): KitchenOrder => ({
  id,
  dayOfWeek: 2,
  weekNumber: 1,
  comments: null,
  category: "beef",
  sideDish: "Rice",
  status: "pending",
  allergyAcknowledged: ack,
  unpaid: false,
  menuItem: { name: "Peanut Satay", type: "primary" },
  student: { name: `Child ${id}`, grade: "3", allergies: [], dietaryNotes: null, ...student },
});

describe("the Fat Chef View's allergy list", () => {
  it("flags children with allergies, notes or an acknowledged allergen, and no one else", () => {
    render(
      <CareList
        showDay
        orders={[
          order(1, { name: "Chipo", allergies: ["Peanuts", "Milk"] }, true),
          order(2, { name: "Mwila", dietaryNotes: "No pork" }),
          order(3, { name: "Tendai" }),
        ]}
      />,
    );
    const list = screen.getByRole("region", { name: "Allergies and dietary notes" });
    expect(within(list).getByText("Allergies and dietary notes (2)")).toBeInTheDocument();
    const chipo = within(list).getByText("Chipo").closest("li")!;
    expect(within(chipo).getByText("Allergies: Peanuts and Milk")).toBeInTheDocument();
    expect(within(chipo).getByText("Allergen acknowledged by the orderer")).toBeInTheDocument();
    expect(within(chipo).getByText("Peanut Satay · Beef · Rice")).toBeInTheDocument();
    expect(within(list).getByText("Diet: No pork")).toBeInTheDocument();
    expect(within(list).queryByText("Tendai")).toBeNull();
  });

  it("shows nothing when no child needs care", () => {
    const { container } = render(<CareList showDay={false} orders={[order(3, {})]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
