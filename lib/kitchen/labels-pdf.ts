import "server-only";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import type { ServiceDay } from "@/lib/kitchen/service-day";
import {
  careLines,
  drawable,
  fitted,
  gradeAndClass,
  MM,
  UNPAID_MARK,
  wrapped,
} from "@/lib/kitchen/pdf-text";

// Meal labels (issue 18) on the common A4 sheet of 3 × 7 labels, 63.5 × 38.1 mm (L7160 layout:
// 7.2 mm side and 15.15 mm top margins, 2.5 mm between columns, none between rows). One label per
// meal, in the day's order (grade, class, name).

export const LABELS_PER_SHEET = 21;
const A4 = [210 * MM, 297 * MM] as const;
const LABEL = { width: 63.5 * MM, height: 38.1 * MM };
const MARGIN = { left: 7.2 * MM, top: 15.15 * MM, gap: 2.5 * MM };
const PAD = 2.5 * MM;

export async function labelsPdf(day: ServiceDay): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Meal labels ${day.date}`);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = LABEL.width - 2 * PAD;
  let page = doc.addPage([...A4]);
  if (day.meals.length === 0) {
    page.drawText(drawable(`No meals for ${day.date}`), {
      x: MARGIN.left,
      y: A4[1] - MARGIN.top - 12,
      size: 12,
      font: regular,
    });
  }
  day.meals.forEach((meal, n) => {
    const slot = n % LABELS_PER_SHEET;
    if (n > 0 && slot === 0) page = doc.addPage([...A4]);
    const column = slot % 3;
    const row = Math.floor(slot / 3);
    const left = MARGIN.left + column * (LABEL.width + MARGIN.gap) + PAD;
    let y = A4[1] - MARGIN.top - row * LABEL.height - PAD;
    const line = (text: string, size: number, font = regular, color = rgb(0, 0, 0)) => {
      y -= size + 1;
      page.drawText(text, { x: left, y, size, font, color });
    };
    // Issue 44: an unverified transfer is marked at the name line's right end, in red.
    const mark = meal.unpaid ? bold.widthOfTextAtSize(UNPAID_MARK, 9) : 0;
    if (meal.unpaid) {
      page.drawText(UNPAID_MARK, {
        x: left + width - mark,
        y: y - 11,
        size: 9,
        font: bold,
        color: rgb(0.7, 0, 0),
      });
    }
    line(fitted(bold, meal.studentName, 10, mark ? width - mark - 4 : width), 10, bold);
    line(fitted(regular, gradeAndClass(meal.grade, meal.className), 8, width), 8);
    line(fitted(regular, meal.menuItemName, 8.5, width), 8.5);
    const choices = [meal.category, meal.sideDish].filter(Boolean).join(" / ");
    if (choices) line(fitted(regular, choices, 7.5, width), 7.5);
    for (const care of careLines(meal)) {
      for (const text of wrapped(bold, care, 7.5, width, 2)) line(text, 7.5, bold, rgb(0.7, 0, 0));
    }
    if (meal.comments) {
      const bottom = A4[1] - MARGIN.top - (row + 1) * LABEL.height + PAD;
      const room = Math.max(0, Math.floor((y - bottom) / 8));
      for (const text of wrapped(regular, meal.comments, 7, width, Math.min(room, 2)))
        line(text, 7);
    }
  });
  return doc.save();
}
