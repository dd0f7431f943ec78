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

/** The school's own allergens (issue 44, decision 0070): a setting, offered after the built-ins. */
export const CUSTOM_ALLERGENS_MAX = 20;
export const ALLERGEN_NAME_MIN = 2;
export const ALLERGEN_NAME_MAX = 40;
/** Words of letters (any script, with their accents), one space or hyphen between two words. */
export const ALLERGEN_NAME = /^[\p{L}\p{M}]+(?:[ -][\p{L}\p{M}]+)*$/u;

/** A typed name as it is kept: trimmed, each run of spaces one space. */
export const tidyAllergenName = (name: string) => name.trim().replace(/\s+/g, " ");

/** Whether a tidied name may be an allergen's name (the school's own are held to it). */
export const isAllergenName = (name: string) =>
  name.length >= ALLERGEN_NAME_MIN && name.length <= ALLERGEN_NAME_MAX && ALLERGEN_NAME.test(name);

/** Every allergen a form offers: the built-ins, then the school's own. */
export const allergenChoices = (custom: readonly string[]): string[] => [...ALLERGENS, ...custom];

/** "Unknown allergen: Gluten (choose from Milk, …, Sesame, Mango)": the 422 of a name not offered. */
export const unknownAllergenMessage = (value: string, custom: readonly string[]) =>
  `Unknown allergen: ${value.slice(0, 40)} (choose from ${allergenChoices(custom).join(", ")})`;

/**
 * A list of allergens against the school's choices, matched without regard to case: each in the
 * choices' spelling and once, or the first one that is not offered.
 */
export function resolveAllergens(
  values: readonly string[],
  custom: readonly string[],
): { ok: true; allergens: string[] } | { ok: false; unknown: string } {
  const byKey = new Map(allergenChoices(custom).map((a) => [a.toLowerCase(), a]));
  const allergens: string[] = [];
  for (const value of values) {
    const known = byKey.get(tidyAllergenName(value).toLowerCase());
    if (known === undefined) return { ok: false, unknown: value };
    if (!allergens.includes(known)) allergens.push(known);
  }
  return { ok: true, allergens };
}

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
