import "server-only";
import type { PDFFont } from "pdf-lib";

// Text for pdf-lib's standard fonts (issue 18): they ship inside pdf-lib (nothing is fetched) and
// encode WinAnsi only, so every text is first reduced to what they can draw.

export const MM = 72 / 25.4;

/** Accents dropped where a letter remains ("Chiká" → "Chika"); anything else undrawable is "?". */
export function drawable(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[\t\n\r]+/g, " ")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
}

/** The text cut (with "…" as "...") to fit `width` points at `size`. */
export function fitted(font: PDFFont, text: string, size: number, width: number): string {
  const clean = drawable(text);
  if (font.widthOfTextAtSize(clean, size) <= width) return clean;
  let cut = clean;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}...`, size) > width) {
    cut = cut.slice(0, -1);
  }
  return `${cut.trimEnd()}...`;
}

/** Words wrapped into at most `maxLines` lines of `width` points; the last one cut to fit. */
export function wrapped(
  font: PDFFont,
  text: string,
  size: number,
  width: number,
  maxLines: number,
): string[] {
  const words = drawable(text).split(" ").filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !current) {
      current = next;
      continue;
    }
    lines.push(current);
    current = word;
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines.map((l) => fitted(font, l, size, width));
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = fitted(font, `${kept[maxLines - 1]} ${lines[maxLines]}`, size, width);
  return kept.map((l) => fitted(font, l, size, width));
}

/** "Grade 3 · 3B", "Staff". */
export function gradeAndClass(grade: string, className: string | null): string {
  const label = grade === "teacher" ? "Staff" : grade === "ELC" ? "ELC" : `Grade ${grade}`;
  return className ? `${label} - Class ${className}` : label;
}

/**
 * Issue 44: a meal ordered to be paid by transfer whose money the office has not verified yet.
 * The label carries it beside the name; the class list as the first line of its care column.
 */
export const UNPAID_MARK = "UNPAID";
export const UNPAID_LINE = "UNPAID: not verified";

/** What the kitchen must see in bold: allergies, notes, an acknowledged allergen. */
export function careLines(meal: {
  allergies: string[];
  dietaryNotes: string | null;
  allergyAcknowledged: boolean;
}): string[] {
  return [
    meal.allergies.length > 0 ? `ALLERGY: ${meal.allergies.join(", ")}` : "",
    meal.dietaryNotes ? `DIET: ${meal.dietaryNotes}` : "",
    meal.allergyAcknowledged ? "Allergen acknowledged by parent" : "",
  ].filter(Boolean);
}
