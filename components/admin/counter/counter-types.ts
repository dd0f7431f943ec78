// What the counter screen reads and sends (issue 47): the contract for
// GET /api/counter/students, GET /api/counter/items, POST /api/counter/sales and
// POST /api/counter/collect.

export type CounterStudent = {
  id: number;
  name: string;
  grade: string;
  className: string | null;
  allergies: string[];
  dietaryNotes: string | null;
  /** What the child may still spend today, "12.50". */
  available: string;
  todaysOrder: {
    orderId: number;
    menuItemName: string;
    category: string | null;
    sideDish: string | null;
    collected: boolean;
  } | null;
};

export type CounterItem = {
  id: number;
  name: string;
  price: string;
  allergens: string[];
  /** Portions left today; null: no daily cap. */
  left: number | null;
};

export type SaleAnswer = { saleId: number; total: string; available: string };

export type BasketLine = { item: CounterItem; quantity: number };

/** A card's code as printed under its QR: letters and digits, no spaces, 8 or more. */
export const looksLikeCardCode = (text: string) => /^[A-Z0-9-]{8,}$/i.test(text);

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
