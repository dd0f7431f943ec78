// What the statement tests share (issue 49): the statement's route called and its PDF read back,
// and money rows written straight to the database at a chosen instant.
import { PDFDocument } from "pdf-lib";
import { PDFParse } from "pdf-parse";
import * as statement from "@/app/api/account/statement/route";
import { testDb } from "@/tests/support/school";
import type { Browser } from "@/tests/support/http";

export const statementCall = (browser: Browser, query: Record<string, string>) =>
  browser.respond(statement.GET, "GET", "/api/account/statement", { query });

/** The PDF's page count (pdf-lib loads it: it is a valid PDF) and its text. */
export async function readStatement(res: Response): Promise<{ pages: number; text: string }> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const pages = (await PDFDocument.load(bytes)).getPageCount();
  const parser = new PDFParse({ data: bytes });
  try {
    return { pages, text: (await parser.getText()).text };
  } finally {
    await parser.destroy();
  }
}

/** One ledger movement at `at`. */
export async function movement(
  userId: number,
  amount: string,
  at: Date,
  kind: "adjustment" | "topup" | "spent" | "refund" = "adjustment",
  extra: { orderId?: number; paymentAttemptId?: number; reason?: string } = {},
) {
  const db = await testDb();
  await db.creditEntry.create({ data: { userId, amount, kind, createdAt: at, ...extra } });
}

/** A paid (verified) payment attempt at `at`: a cart's, or a wallet top-up's. */
export async function paidAttempt(
  userId: number,
  amount: string,
  at: Date,
  options: { mobile?: "airtel" | "mtn"; topUp?: boolean } = {},
) {
  const db = await testDb();
  return db.paymentAttempt.create({
    data: {
      userId,
      transactionRef: `REF-${userId}-${at.getTime()}-${amount}`,
      paymentAmount: amount,
      cartItems: [],
      transactionStatus: "verified",
      status: "Payment Verified",
      verifiedAt: at,
      fulfilledAt: at,
      createdAt: at,
      cartKey: options.topUp ? `topup:${amount}` : null,
      paymentMethod: options.mobile ? "MOBILE" : "CARD",
      mobileOperator: options.mobile ?? null,
      mobileNumber: options.mobile ? "097****456" : null,
    },
    select: { id: true, transactionRef: true },
  });
}
