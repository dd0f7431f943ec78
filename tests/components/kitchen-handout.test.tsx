import { describe, expect, it } from "@jest/globals";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HandOutPanel } from "@/components/admin/kitchen/handout/handout-panel";
import { StudentCardsPrint } from "@/components/admin/kitchen/handout/student-cards-print";
import type { UncollectedAnswer, UncollectedMeal } from "@/lib/contracts/cards";
import { mockFetch, renderPortal } from "./portal-harness";

// Issue 47 in the Fat Chef View: how many of today's meals are still to hand out and to whom, a
// past day's meals never collected, and the children's cards to print by grade.

const meal = (orderId: number, studentName: string, unpaid = false): UncollectedMeal => ({
  orderId,
  studentId: orderId + 100,
  studentName,
  grade: "3",
  className: "3A",
  menuItemName: "Chicken Stew",
  category: "chicken",
  sideDish: "Rice",
  unpaid,
});

const today: UncollectedAnswer = {
  date: "2026-03-04",
  isToday: true,
  isPast: false,
  collected: 1,
  meals: [meal(1, "Alice Banda"), meal(2, "Bongani Phiri", true)],
};
const pastDay: UncollectedAnswer = {
  date: "2026-03-03",
  isToday: false,
  isPast: true,
  collected: 5,
  meals: [meal(3, "Chanda Mulenga")],
};

describe("Handing out", () => {
  it("counts what is still to hand out today and lists it by child on demand", async () => {
    mockFetch({ "GET /api/kitchen/uncollected": today });
    renderPortal(<HandOutPanel />);
    expect(await screen.findByText("Still to hand out today: 2")).toBeInTheDocument();
    expect(screen.getByText("1 meal collected")).toBeInTheDocument();
    expect(screen.queryByText("Alice Banda")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show the 2 children" }));
    expect(screen.getByText("Alice Banda")).toBeInTheDocument();
    expect(screen.getByText("Bongani Phiri")).toBeInTheDocument();
    expect(screen.getByText("Unpaid")).toBeInTheDocument();
  });

  it("shows a past day's meals never collected", async () => {
    const calls = mockFetch({
      "GET /api/kitchen/uncollected": today,
      "GET /api/kitchen/uncollected?date=2026-03-03": pastDay,
    });
    renderPortal(<HandOutPanel />);
    await screen.findByText("Still to hand out today: 2");
    fireEvent.change(screen.getByLabelText("Day"), { target: { value: "2026-03-03" } });
    expect(await screen.findByText("Never collected on 03 Mar: 1")).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain("/api/kitchen/uncollected?date=2026-03-03");
    await userEvent.click(screen.getByRole("button", { name: "Today" }));
    expect(await screen.findByText("Still to hand out today: 2")).toBeInTheDocument();
  });

  it("says when every meal was handed out", async () => {
    mockFetch({ "GET /api/kitchen/uncollected": { ...today, collected: 3, meals: [] } });
    renderPortal(<HandOutPanel />);
    expect(await screen.findByText("Every meal was handed out (3 meals collected).")).toBeVisible();
  });
});

describe("Student cards", () => {
  it("opens every grade's cards as a PDF in a new tab", () => {
    renderPortal(<StudentCardsPrint />);
    const link = screen.getByRole("link", { name: "Student cards, all grades" });
    expect(link).toHaveAttribute("href", "/api/kitchen/student-cards");
    expect(link).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("combobox", { name: "Cards for grade" })).toBeInTheDocument();
  });
});
