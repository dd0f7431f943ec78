import "server-only";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import type { ServiceDay, ServiceMeal } from "@/lib/kitchen/service-day";
import {
  careLines,
  drawable,
  fitted,
  gradeAndClass,
  MM,
  UNPAID_LINE,
} from "@/lib/kitchen/pdf-text";

// Class lists (issue 18): one A4 page per grade and class (a long class runs on to more pages),
// who eats what that day with the allergy flags, for the person handing out the meals.

const A4 = [210 * MM, 297 * MM] as const;
const MARGIN = 15 * MM;
const ROW = 14;
const COLUMNS = [
  { title: "Name", width: 0.25 },
  { title: "Meal", width: 0.3 },
  { title: "Protein / side", width: 0.2 },
  { title: "Allergies / notes", width: 0.25 },
] as const;

/** The day's meals in groups of one grade and class, in the day's order. */
export function classGroups(meals: readonly ServiceMeal[]): ServiceMeal[][] {
  const groups = new Map<string, ServiceMeal[]>();
  for (const meal of meals) {
    const key = `${meal.grade}\u0000${meal.className ?? ""}`;
    groups.set(key, [...(groups.get(key) ?? []), meal]);
  }
  return [...groups.values()];
}

export async function classListPdf(day: ServiceDay, dayTitle: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Class lists ${day.date}`);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const groups = classGroups(day.meals);
  if (groups.length === 0) {
    header(doc.addPage([...A4]), fonts.bold, `No meals for ${dayTitle}`);
  }
  for (const group of groups) {
    const first = group[0]!;
    const title = `${gradeAndClass(first.grade, first.className)} - ${dayTitle} (${group.length})`;
    let page = doc.addPage([...A4]);
    let y = header(page, fonts.bold, title);
    for (const meal of group) {
      const care = [...(meal.unpaid ? [UNPAID_LINE] : []), ...careLines(meal)];
      const height = ROW * Math.max(1, care.length);
      if (y - height < MARGIN) {
        page = doc.addPage([...A4]);
        y = header(page, fonts.bold, `${title}, continued`);
      }
      y = drawRow(page, fonts, meal, care, y);
    }
  }
  return doc.save();
}

/** The page's title and the table's column heads; returns where the first row starts. */
function header(page: PDFPage, bold: PDFFont, title: string): number {
  const width = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN - 16;
  page.drawText(fitted(bold, title, 16, width), { x: MARGIN, y, size: 16, font: bold });
  y -= 24;
  let x = MARGIN;
  for (const column of COLUMNS) {
    page.drawText(drawable(column.title), { x, y, size: 9, font: bold });
    x += column.width * width;
  }
  page.drawLine({
    start: { x: MARGIN, y: y - 4 },
    end: { x: A4[0] - MARGIN, y: y - 4 },
    thickness: 0.75,
  });
  return y - 4 - ROW;
}

function drawRow(
  page: PDFPage,
  fonts: { regular: PDFFont; bold: PDFFont },
  meal: ServiceMeal,
  care: string[],
  y: number,
): number {
  const width = A4[0] - 2 * MARGIN;
  const cells = [
    meal.studentName,
    meal.menuItemName,
    [meal.category, meal.sideDish].filter(Boolean).join(" / "),
  ];
  let x = MARGIN;
  cells.forEach((text, i) => {
    const w = COLUMNS[i]!.width * width - 6;
    page.drawText(fitted(fonts.regular, text, 9, w), { x, y, size: 9, font: fonts.regular });
    x += COLUMNS[i]!.width * width;
  });
  const careWidth = COLUMNS[3].width * width;
  care.forEach((text, i) => {
    page.drawText(fitted(fonts.bold, text, 9, careWidth), {
      x,
      y: y - i * ROW,
      size: 9,
      font: fonts.bold,
      color: rgb(0.7, 0, 0),
    });
  });
  return y - ROW * Math.max(1, care.length);
}
