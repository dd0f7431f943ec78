import "server-only";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import type { StatementDto } from "@/lib/contracts/statement";
import { signedNgwee } from "@/lib/credit/ledger";
import { drawable, fitted, MM } from "@/lib/kitchen/pdf-text";
import { formatNgwee, fromNgwee, toNgwee } from "@/lib/money";

// The statement as an A4 PDF (issue 49), drawn from getStatement's lines: a header with the
// school, the account and the period, a summary, then one table per kind of line. Long tables run
// on to more pages with their heads repeated; every page is numbered.

const A4 = [210 * MM, 297 * MM] as const;
const MARGIN = 15 * MM;
const WIDTH = A4[0] - 2 * MARGIN;
const ROW = 13;
const SIZE = 8.5;

type Column = { title: string; width: number; right?: boolean };
type Fonts = { regular: PDFFont; bold: PDFFont };

const money = (amount: string) => formatNgwee(signedNgwee(amount));

/** "5 Jan 2026, 14:03" in the school's time zone. */
function instantText(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

/** "Mon 5 Jan 2026" for a calendar date. */
function dayText(isoDate: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([...A4]);
    this.y = A4[1] - MARGIN;
  }

  /** Room for `height` points on this page, else a new page (true when one was started). */
  room(height: number): boolean {
    if (this.y - height >= MARGIN + 12) return false;
    this.newPage();
    return true;
  }

  text(text: string, size: number, bold = false, gap = size + 4) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    this.y -= size;
    this.page.drawText(fitted(font, text, size, WIDTH), { x: MARGIN, y: this.y, size, font });
    this.y -= gap - size;
  }

  row(columns: readonly Column[], cells: readonly string[], bold = false) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    let x = MARGIN;
    this.y -= ROW;
    columns.forEach((column, i) => {
      const width = column.width * WIDTH - 4;
      const text = fitted(font, cells[i] ?? "", SIZE, width);
      const shift = column.right ? width - font.widthOfTextAtSize(text, SIZE) : 0;
      this.page.drawText(text, { x: x + shift, y: this.y + 3, size: SIZE, font });
      x += column.width * WIDTH;
    });
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4[0] - MARGIN, y: this.y },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
  }

  /** A titled table; an empty one says so in one line. */
  table(title: string, columns: readonly Column[], rows: readonly string[][], empty: string) {
    const head = () => {
      this.row(
        columns,
        columns.map((c) => c.title),
        true,
      );
      this.rule();
    };
    this.room(ROW * 4);
    this.y -= 8;
    this.text(title, 12, true, 18);
    if (rows.length === 0) {
      this.text(empty, SIZE);
      return;
    }
    head();
    for (const cells of rows) {
      if (this.room(ROW)) {
        this.text(`${title} (continued)`, 10, true, 14);
        head();
      }
      this.row(columns, cells);
    }
  }
}

export async function statementPdf(statement: StatementDto): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(drawable(`Statement ${statement.from} to ${statement.to}`));
  doc.setAuthor(drawable(statement.schoolName));
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const tz = statement.timeZone;
  const at = (iso: string) => instantText(iso, tz);
  const w = new Writer(doc, fonts);

  w.text(statement.schoolName, 16, true, 22);
  w.text(`Statement for ${statement.accountName}`, 11, false, 15);
  w.text(`${dayText(statement.from)} to ${dayText(statement.to)} (times in ${tz})`, 9, false, 16);
  const summary: Column[] = [
    { title: "", width: 0.5 },
    { title: "", width: 0.25, right: true },
  ];
  w.row(summary, ["Wallet at the start", money(statement.wallet.opening)]);
  w.row(summary, ["Paid (card, mobile money, transfer)", money(fromSum(statement.payments))]);
  w.row(summary, ["Orders placed", String(statement.orders.length)]);
  w.row(summary, ["Refunded", money(fromSum(statement.refunds))]);
  w.row(summary, ["Wallet at the end", money(statement.wallet.closing)], true);

  w.table(
    "Payments and top-ups",
    [
      { title: "Date", width: 0.18 },
      { title: "Method", width: 0.26 },
      { title: "For", width: 0.13 },
      { title: "Reference", width: 0.29 },
      { title: "Amount", width: 0.14, right: true },
    ],
    statement.payments.map((p) => [at(p.at), p.method, p.purpose, p.reference, money(p.amount)]),
    "No payments in this period.",
  );
  w.table(
    "Orders",
    [
      { title: "Placed", width: 0.18 },
      { title: "Child", width: 0.17 },
      { title: "Meal day", width: 0.15 },
      { title: "Meal", width: 0.22 },
      { title: "Status", width: 0.16 },
      { title: "Amount", width: 0.12, right: true },
    ],
    statement.orders.map((o) => [
      at(o.placedAt),
      o.child,
      dayText(o.day),
      o.meal,
      o.paymentStatus === "confirmed" ? capital(o.status) : `${capital(o.status)}, unpaid`,
      money(o.amount),
    ]),
    "No orders in this period.",
  );
  w.table(
    "Refunds",
    [
      { title: "Date", width: 0.18 },
      { title: "Child", width: 0.17 },
      { title: "Meal", width: 0.22 },
      { title: "How", width: 0.3 },
      { title: "Amount", width: 0.13, right: true },
    ],
    statement.refunds.map((r) => [
      at(r.at),
      r.child,
      r.meal,
      r.reference ? `${r.method} (${r.reference})` : r.method,
      money(r.amount),
    ]),
    "No refunds in this period.",
  );
  const wallet = statement.wallet;
  w.table(
    "Wallet (account credit)",
    [
      { title: "Date", width: 0.2 },
      { title: "Movement", width: 0.5 },
      { title: "Amount", width: 0.15, right: true },
      { title: "Balance", width: 0.15, right: true },
    ],
    [
      ["", "Opening balance", "", money(wallet.opening)],
      ...wallet.movements.map((m) => [at(m.at), m.description, money(m.amount), money(m.balance)]),
      ["", "Closing balance", "", money(wallet.closing)],
    ],
    "",
  );

  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const about = `${statement.schoolName} - statement for ${statement.accountName}, ${statement.from} to ${statement.to}`;
    const left = fitted(fonts.regular, about, 7, WIDTH * 0.8);
    page.drawText(left, { x: MARGIN, y: MARGIN - 4, size: 7, font: fonts.regular });
    const number = `Page ${i + 1} of ${pages.length}`;
    const x = A4[0] - MARGIN - fonts.regular.widthOfTextAtSize(number, 7);
    page.drawText(number, { x, y: MARGIN - 4, size: 7, font: fonts.regular });
  });
  return doc.save();
}

/** The lines' amounts added up, 2 decimals. */
function fromSum(lines: readonly { amount: string }[]): string {
  return fromNgwee(lines.reduce((total, line) => total + toNgwee(line.amount), 0));
}
