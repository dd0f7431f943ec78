import { beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { NextRequest } from "next/server";
import * as settlement from "@/app/api/revenue/settlement/route";
import { SETTLEMENT_SPAN_MESSAGE, type SettlementDto } from "@/lib/contracts/takings";
import { fromNgwee } from "@/lib/money";
import { fingerprint } from "@/tests/support/db-fingerprint";
import { ORIGIN, type Browser } from "@/tests/support/http";
import { testDb } from "@/tests/support/school";
import { ADMIN_FEATURE_CALLERS, browserFor } from "@/tests/support/settings-fixtures";

// POST /api/revenue/settlement (issue 49): DPO's settlement report, generated from the books'
// payments with gaps planted in it, matched line by line; a bad line refuses the whole file and
// lists every bad line, and nothing is stored either way.

let admin: Browser;
let parentId: number;
type Paid = { id: number; token: string; reference: string; amount: string; day: string };
const book: Paid[] = [];

async function payment(n: number, ngwee: number, day: string, status = "verified") {
  const db = await testDb();
  const row = await db.paymentAttempt.create({
    data: {
      userId: parentId,
      transactionId: `TOK-${n}`,
      transactionRef: `REF-${n}`,
      paymentAmount: fromNgwee(ngwee),
      cartItems: [],
      transactionStatus: status,
      verifiedAt: status === "verified" ? new Date(`${day}T10:00:00Z`) : null,
    },
  });
  return { id: row.id, token: `TOK-${n}`, reference: `REF-${n}`, amount: fromNgwee(ngwee), day };
}

beforeAll(async () => {
  admin = await browserFor("admin with the feature", "revenue");
  const db = await testDb();
  parentId = (
    await db.user.create({
      data: { username: "st.parent", usernameKey: "st.parent", passwordHash: "x", name: "P" },
    })
  ).id;
  // Thirty payments over five days of May 2043, random amounts (a fixed seed: the same books each run).
  const amounts = fc.sample(fc.integer({ min: 100, max: 900_000 }), { numRuns: 30, seed: 49 });
  for (const [i, ngwee] of amounts.entries())
    book.push(await payment(i + 1, ngwee, `2043-05-0${(i % 5) + 1}`));
  // A payment that failed in the books.
  await payment(900, 5000, "2043-05-02", "failed");
});

async function upload(
  browser: Browser,
  text: string,
): Promise<{ status: number; body: SettlementDto & { message?: string; lines?: unknown } }> {
  const form = new FormData();
  form.set("file", new File([text], "settlement.csv", { type: "text/csv" }));
  const req = new NextRequest(new URL("/api/revenue/settlement", ORIGIN), {
    method: "POST",
    headers: {
      host: "localhost:3000",
      origin: ORIGIN,
      cookie: [...browser.jar].map(([k, v]) => `${k}=${v}`).join("; "),
    },
    body: form,
  });
  const res = await settlement.POST(req, { params: Promise.resolve({}) });
  return { status: res.status, body: (await res.json()) as SettlementDto };
}

const line = (
  p: { token: string; reference: string; amount: string; day: string },
  status = "000",
) => `${p.token},${p.reference},${p.amount},ZMW,${p.day.replace(/-/g, "/")} 10:15,${status}`;
const HEADER = "Transaction Token,Company Ref,Transaction Amount,Currency,Settlement Date,Result";

describe("who may match a settlement report", () => {
  it.each(ADMIN_FEATURE_CALLERS)("%s: %i", async (caller, status) => {
    const browser = await browserFor(caller, "revenue");
    expect((await upload(browser, `${HEADER}\n${line(book[0]!)}`)).status).toBe(status);
  });
});

describe("POST /api/revenue/settlement", () => {
  it("finds every planted gap: missing on each side, an amount that differs, a duplicate, not paid", async () => {
    const [dropped, changed, doubled, ...rest] = book;
    const lines = [
      line(changed!).replace(
        `,${changed!.amount},`,
        `,${fromNgwee(Number(changed!.amount.replace(".", "")) + 1)},`,
      ),
      line(doubled!),
      ...rest.map((p) => line(p)),
      line(doubled!),
      line({ token: "TOK-GHOST", reference: "REF-GHOST", amount: "75.00", day: "2043-05-03" }),
      line({ token: "TOK-900", reference: "REF-900", amount: "50.00", day: "2043-05-02" }),
      line({ token: "TOK-DECL", reference: "", amount: "12.00", day: "2043-05-04" }, "901"),
    ];
    const before = await fingerprint();
    const answer = await upload(admin, [HEADER, ...lines].join("\r\n"));
    expect(answer.status).toBe(200);
    expect(answer.body.summary).toEqual({
      matched: rest.length + 1,
      amount_differs: 1,
      currency_differs: 0,
      not_in_books: 2,
      duplicate: 1,
      not_paid_at_dpo: 1,
      missing_from_report: 1,
    });
    expect(answer.body.missingFromReport.map((p) => p.token)).toEqual([dropped!.token]);
    const kinds = answer.body.matches.map((m) => [m.line.token, m.kind, m.line.lineNumber]);
    expect(kinds[0]).toEqual([changed!.token, "amount_differs", 2]);
    expect(kinds).toContainEqual([doubled!.token, "duplicate", lines.length - 2]);
    expect(kinds).toContainEqual(["TOK-GHOST", "not_in_books", lines.length - 1]);
    // Failed in the books but paid at DPO: money with no order.
    expect(answer.body.matches.find((m) => m.line.token === "TOK-900")).toMatchObject({
      kind: "not_in_books",
      payment: { reference: "REF-900" },
    });
    expect([answer.body.from, answer.body.to]).toEqual(["2043-05-01", "2043-05-05"]);
    expect(await fingerprint()).toBe(before);
  });

  it("matches by our reference when the token column is DPO's other spelling and the token is unknown", async () => {
    const p = book[3]!;
    const answer = await upload(
      admin,
      `transtoken;x\n`.replace(";x", ",companyref,amount,currency,date,status") +
        `NEW-TOKEN,${p.reference},${p.amount},zmw,${p.day},Paid`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.matches[0]).toMatchObject({ kind: "matched", payment: { id: p.id } });
  });

  it("refuses a file with bad lines, lists every one, and stores nothing", async () => {
    const before = await fingerprint();
    const answer = await upload(
      admin,
      [
        HEADER,
        line(book[0]!),
        "TOK-1,REF-1,12.345,ZMW,2043/05/01,000",
        "TOK-1,REF-1,12.00,ZMW,2043/02/30,000",
        "TOK-1,REF-1,12.00,ZMW,2043/05/01",
        "TOK-1,REF-1,12.00,ZMW,2043/05/01,maybe",
        `"TOK-1,REF-1,12.00,ZMW,2043/05/01,000`,
      ].join("\n"),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(
      "5 lines of the report could not be read. Nothing was matched.",
    );
    const bad = answer.body.lines as unknown as { line: number; message: string }[];
    expect(bad.map((b) => b.line)).toEqual([3, 4, 5, 6, 7]);
    expect(bad[0]!.message).toContain('amount "12.345"');
    expect(bad[1]!.message).toContain('date "2043/02/30"');
    expect(bad[3]!.message).toContain('status "maybe"');
    expect(await fingerprint()).toBe(before);
  });

  it.each([
    ["", "The CSV file is empty."],
    [
      "token,amount,currency,date\nT,1.00,ZMW,2043-05-01",
      "The report is missing the column: status.",
    ],
    [HEADER, "The report has no lines."],
  ])("refuses %j: %s", async (text, message) => {
    const answer = await upload(admin, text || "\n");
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(message);
  });

  it("reads a card declined and then paid on the same token as one payment, not a duplicate", async () => {
    const p = book[4]!;
    const answer = await upload(admin, [HEADER, line(p, "901"), line(p)].join("\n"));
    expect(answer.status).toBe(200);
    expect(answer.body.matches.map((m) => m.kind)).toEqual(["not_paid_at_dpo", "matched"]);
    expect(answer.body.summary.duplicate).toBe(0);
  });

  it("reads a second paid line naming the same payment by our reference as a duplicate", async () => {
    const p = book[5]!;
    const answer = await upload(
      admin,
      [HEADER, line(p), line({ ...p, token: "OTHER-TOKEN" })].join("\n"),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.matches.map((m) => m.kind)).toEqual(["matched", "duplicate"]);
  });

  it("refuses a report spanning more than a year, whatever its lines", async () => {
    const answer = await upload(
      admin,
      [HEADER, line(book[0]!), line({ ...book[1]!, day: "2045-05-01" })].join("\n"),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(SETTLEMENT_SPAN_MESSAGE);
  });
});
