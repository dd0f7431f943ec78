// Student cards and handing out (issue 47): the card code's alphabet and shape, shared by the
// server that makes codes, the PDF that prints them and the counter's scanner that reads them.

/**
 * Crockford's base32 without the characters a person may misread or mistype: no 0/O, 1/I/L, U.
 * Thirty symbols; a code of CARD_CODE_LENGTH of them holds about 59 random bits.
 */
export const CARD_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CARD_CODE_LENGTH = 12;

/** "ab3k-7mnp qrst" → "AB3K7MNPQRST": case, spaces and dashes do not matter when typed. */
export function normalizeCardCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, "");
}

/** A code as it could have been made: the right length, only the alphabet's symbols. */
export function isCardCode(code: string): boolean {
  return code.length === CARD_CODE_LENGTH && [...code].every((c) => CARD_CODE_ALPHABET.includes(c));
}

/** "AB3K7MNPQRST" → "AB3K 7MNP QRST": printed in groups of four, easier to read out and type. */
export function groupedCardCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, "$1 ");
}

/** POST /api/students/{id}/card: the child's new card code (the old one no longer works). */
export type CardCodeAnswer = { cardCode: string };

/** A pre-ordered meal still to hand out, or one never handed out (GET /api/kitchen/uncollected). */
export type UncollectedMeal = {
  orderId: number;
  studentId: number;
  studentName: string;
  grade: string;
  className: string | null;
  menuItemName: string;
  category: string | null;
  sideDish: string | null;
  /** Issue 44: its transfer is not verified yet (the kitchen's UNPAID mark). */
  unpaid: boolean;
};

/**
 * GET /api/kitchen/uncollected?date=: the day's live pre-ordered meals not handed out, sorted by
 * grade, class and name; `collected` counts those handed out, so the kitchen sees both.
 */
export type UncollectedAnswer = {
  date: string;
  /** The school's today: for it the list is "still to hand out", for a past day "never collected". */
  isToday: boolean;
  /** Before the school's today: the list is of meals never collected. */
  isPast: boolean;
  collected: number;
  meals: UncollectedMeal[];
};

/** POST /api/counter/collect: the meal now marked handed out. */
export type CollectAnswer = {
  orderId: number;
  studentId: number;
  studentName: string;
  menuItemName: string;
  /** ISO instant. */
  collectedAt: string;
  unpaid: boolean;
};
