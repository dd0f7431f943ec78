import "server-only";
import { PDFDocument, rgb, StandardFonts, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";
import { groupedCardCode } from "@/lib/contracts/cards";
import { drawable, fitted, gradeAndClass, MM, wrapped } from "@/lib/kitchen/pdf-text";

// The children's counter cards (issue 47) on A4: 2 × 5 cards of a bank card's size (85.6 × 54 mm,
// ISO/IEC 7810 ID-1), 6 mm apart across and 3 mm down so each can be cut out along its dashed
// outline. Each has the school's name, the child's name, grade and class, and the QR code of its
// card code (drawn as squares: no image, no font fetched) with the code in text under it.

export type CardStudent = {
  name: string;
  grade: string;
  className: string | null;
  cardCode: string;
};

export const CARDS_PER_SHEET = 10;
const A4 = [210 * MM, 297 * MM] as const;
const CARD = { width: 85.6 * MM, height: 54 * MM };
const GAP = { x: 6 * MM, y: 3 * MM };
const MARGIN = {
  left: (A4[0] - 2 * CARD.width - GAP.x) / 2,
  top: (A4[1] - 5 * CARD.height - 4 * GAP.y) / 2,
};
const PAD = 4 * MM;
/** The QR's side, its quiet zone (four modules, as the standard asks) included. */
const QR_SIDE = 32 * MM;
const QUIET_MODULES = 4;
const GREY = rgb(0.55, 0.55, 0.55);

export async function studentCardsPdf(
  schoolName: string,
  students: readonly CardStudent[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Student cards - ${drawable(schoolName)}`);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.CourierBold);
  let page = doc.addPage([...A4]);
  if (students.length === 0) {
    page.drawText("No children to print cards for", {
      x: MARGIN.left,
      y: A4[1] - MARGIN.top - 12,
      size: 12,
      font: regular,
    });
  }
  const textWidth = CARD.width - 2 * PAD - QR_SIDE - 2 * MM;
  students.forEach((student, n) => {
    const slot = n % CARDS_PER_SHEET;
    if (n > 0 && slot === 0) page = doc.addPage([...A4]);
    const x = MARGIN.left + (slot % 2) * (CARD.width + GAP.x);
    const top = A4[1] - MARGIN.top - Math.floor(slot / 2) * (CARD.height + GAP.y);
    page.drawRectangle({
      x,
      y: top - CARD.height,
      width: CARD.width,
      height: CARD.height,
      borderColor: GREY,
      borderWidth: 0.5,
      borderDashArray: [3, 3],
    });
    const qrX = x + CARD.width - PAD - QR_SIDE + 2 * MM;
    const qrTop = top - PAD + 2 * MM;
    drawQr(page, student.cardCode, qrX, qrTop, QR_SIDE);
    const code = groupedCardCode(student.cardCode);
    const codeWidth = mono.widthOfTextAtSize(code, 8);
    page.drawText(code, {
      x: qrX + (QR_SIDE - codeWidth) / 2,
      y: qrTop - QR_SIDE - 1 * MM,
      size: 8,
      font: mono,
    });

    let y = top - PAD;
    const line = (text: string, size: number, font = regular, color = rgb(0, 0, 0)) => {
      y -= size + 1.5;
      page.drawText(text, { x: x + PAD, y, size, font, color });
    };
    for (const text of wrapped(bold, schoolName, 8, textWidth, 2)) line(text, 8, bold, GREY);
    y -= 4;
    for (const text of wrapped(bold, student.name, 12, textWidth, 2)) line(text, 12, bold);
    line(fitted(regular, gradeAndClass(student.grade, student.className), 9, textWidth), 9);
    page.drawText("Canteen card. If found, please return", {
      x: x + PAD,
      y: top - CARD.height + PAD + 7,
      size: 6,
      font: regular,
      color: GREY,
    });
    page.drawText("it to the school office.", {
      x: x + PAD,
      y: top - CARD.height + PAD,
      size: 6,
      font: regular,
      color: GREY,
    });
  });
  return doc.save();
}

/** The QR of `text` (error correction M) as black squares, a row's run of dark modules at once. */
function drawQr(page: PDFPage, text: string, left: number, top: number, side: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const unit = side / (modules.size + 2 * QUIET_MODULES);
  const black = rgb(0, 0, 0);
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      page.drawRectangle({
        x: left + (QUIET_MODULES + start) * unit,
        y: top - (QUIET_MODULES + row + 1) * unit,
        width: (col - start) * unit,
        // A hair taller, so rows touch without white seams when printed.
        height: unit + 0.05,
        color: black,
      });
    }
  }
}
