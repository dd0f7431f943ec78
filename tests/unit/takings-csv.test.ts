import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { takingsCsv } from "@/components/admin/revenue/takings-csv";
import { TAKINGS_LINES, type TakingsLine } from "@/lib/contracts/takings";
import { fromNgwee, toNgwee } from "@/lib/money";
import { parseSettlementCsv } from "@/lib/revenue/settlement-csv";
import { summariseTakings } from "@/lib/revenue/takings-math";

// The takings' pure parts (issue 49): the sums (a property: every movement in one line of one day,
// days add up to the period), the CSV file, and the settlement report's header leniency.

const movement = fc.record({
  line: fc.constantFrom(...TAKINGS_LINES),
  day: fc.constantFrom("2026-11-28", "2026-11-29", "2026-11-30"),
  ngwee: fc.integer({ min: 1, max: 10_000_000 }),
});

describe("summariseTakings", () => {
  it("counts every movement once and the days add up to the period", () => {
    fc.assert(
      fc.property(fc.array(movement, { maxLength: 60 }), (movements) => {
        const summary = summariseTakings(movements);
        for (const line of TAKINGS_LINES) {
          const mine = movements.filter((m) => m.line === line);
          const period = summary.lines.find((l) => l.line === line)!;
          expect(period.count).toBe(mine.length);
          expect(toNgwee(period.amount)).toBe(mine.reduce((s, m) => s + m.ngwee, 0));
          const days = summary.days.flatMap((d) => d.lines.filter((l) => l.line === line));
          expect(days.reduce((s, l) => s + l.count, 0)).toBe(mine.length);
        }
        const all = summary.lines.reduce((s, l) => s + toNgwee(l.amount), 0);
        const totals = ["received", "fromCredit", "out"] as const;
        expect(totals.reduce((s, k) => s + toNgwee(summary.totals[k]), 0)).toBe(all);
      }),
    );
  });
});

describe("takingsCsv", () => {
  it("writes a row per line of each day, the period, the totals and the credit outstanding", () => {
    const movements: { line: TakingsLine; day: string; ngwee: number }[] = [
      { line: "card", day: "2026-11-30", ngwee: 5050 },
      { line: "refund_cash", day: "2026-11-30", ngwee: 2000 },
    ];
    const csv = takingsCsv({
      from: "2026-11-30",
      to: "2026-11-30",
      timeZone: "Africa/Lusaka",
      ...summariseTakings(movements),
      creditOutstanding: fromNgwee(12345),
    });
    const rows = csv.split("\r\n");
    expect(rows[0]).toBe("Day,Line,Group,Count,Amount (ZMW)");
    expect(rows[1]).toBe("2026-11-30,Card (DPO),Received,1,50.50");
    expect(rows[2]).toBe("2026-11-30,Refunds in cash,Paid out,1,20.00");
    expect(rows).toContain("2026-11-30 to 2026-11-30,Received less paid out,,,30.50");
    expect(rows.at(-1)).toBe("2026-11-30,Credit outstanding at the end of the day,,,123.45");
  });

  it("writes a day that paid out more than it took as a negative number, not as text", () => {
    const csv = takingsCsv({
      from: "2026-11-30",
      to: "2026-11-30",
      timeZone: "Africa/Lusaka",
      ...summariseTakings([
        { line: "card", day: "2026-11-30", ngwee: 1000 },
        { line: "refund_cash", day: "2026-11-30", ngwee: 2550 },
      ]),
      creditOutstanding: fromNgwee(0),
    });
    expect(csv.split("\r\n")).toContain("2026-11-30 to 2026-11-30,Received less paid out,,,-15.50");
  });
});

describe("parseSettlementCsv", () => {
  it("reads DPO's header names in any case and spacing, and a thousands comma", () => {
    const result = parseSettlementCsv(
      'trans_token , ACCREF,Transaction Amount,transaction currency,Transaction Settlement Date,RESULT\nABC-1,R1,"1,234.5",zmw,2026/11/30 10:15,Transaction Paid\n',
    );
    expect(result).toEqual({
      ok: true,
      lines: [
        {
          lineNumber: 2,
          token: "ABC-1",
          reference: "R1",
          amount: "1234.50",
          currency: "ZMW",
          date: "2026-11-30",
          status: "paid",
        },
      ],
    });
  });
});
