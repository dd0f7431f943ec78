import type { CounterItemDto, CounterSaleAnswer, CounterStudentDto } from "@/lib/contracts/counter";

// What the counter screen reads and sends (issue 47), and the basket's own helpers.

export type CounterStudent = CounterStudentDto;
export type CounterItem = CounterItemDto;
export type SaleAnswer = CounterSaleAnswer;

export type BasketLine = { item: CounterItem; quantity: number };

/** The child's allergens that the basket's items contain. */
export function allergensIn(lines: BasketLine[], allergies: string[]): string[] {
  const child = new Set(allergies.map((a) => a.toLowerCase()));
  const found = new Set<string>();
  for (const line of lines) {
    for (const allergen of line.item.allergens) {
      if (child.has(allergen.toLowerCase())) found.add(allergen);
    }
  }
  return [...found];
}
