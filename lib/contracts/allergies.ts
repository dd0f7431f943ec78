// The allergy rule's texts and its one test (issue 18), pure: the server's cart check refuses with
// the refusal, and the add-to-cart dialog, the Menu Calendar and the Cart use the same test and ask
// for the acknowledgement in the same words.

/**
 * The allergens a menu item is tagged with and a child can be allergic to: spec 001's eight and
 * Sesame (issue 44, a major allergen in most lists), in this order on every form.
 */
export const ALLERGENS = [
  "Milk",
  "Eggs",
  "Fish",
  "Shellfish",
  "Tree Nuts",
  "Peanuts",
  "Wheat",
  "Soybeans",
  "Sesame",
] as const;

/** The allergens of a menu item that the child is allergic to, in the item's order. */
export function allergyConflicts(
  itemAllergens: readonly string[],
  studentAllergies: readonly string[],
): string[] {
  const allergies = new Set(studentAllergies.map((a) => a.toLowerCase()));
  return itemAllergens.filter((a) => allergies.has(a.toLowerCase()));
}

/** "Milk", "Milk and Eggs", "Milk, Eggs and Peanuts". */
export function allergenList(allergens: readonly string[]): string {
  if (allergens.length <= 1) return allergens.join("");
  return `${allergens.slice(0, -1).join(", ")} and ${allergens.at(-1)}`;
}

/** The 422 of an order line that conflicts and was not acknowledged. */
export const allergyRefusal = (item: string, allergens: readonly string[], student: string) =>
  `${item} contains ${allergenList(allergens)}, which ${student} is allergic to`;

/** The add-to-cart dialog's checkbox. */
export const allergyAcknowledgement = (
  item: string,
  allergens: readonly string[],
  student: string,
) => `I know ${item} contains ${allergenList(allergens)} and it is safe for ${student}`;
