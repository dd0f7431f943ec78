import { beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import type { SchoolContext } from "@/lib/contracts/schools";
import { signedNgwee } from "@/lib/credit/ledger";
import { fromNgwee } from "@/lib/money";
import { addDaysIso } from "@/lib/school-calendar";
import { getStatement } from "@/lib/statements/statement";
import { defaultSchool, testDb } from "@/tests/support/school";
import { uniqueName } from "@/tests/support/fixtures";

// Issue 49's invariant on the real database: for any ledger and any period, the statement's
// opening balance plus its movements is its closing balance, and both balances are what the
// ledger held at the school's midnights (Africa/Lusaka is UTC+2 all year: the oracle below
// writes those midnights by hand, independently of the code under test).

const FIRST_DAY = "2026-03-01";
const midnight = (iso: string) => new Date(`${iso}T00:00:00+02:00`).getTime();
const WINDOW_START = midnight(FIRST_DAY);
const WINDOW_MS = 12 * 86_400_000;

let school: SchoolContext;
beforeAll(async () => {
  school = await defaultSchool();
  expect(school.timeZone).toBe("Africa/Lusaka");
});

/** An instant in the window, often exactly on a school midnight or a millisecond before one. */
const instantArb = fc.oneof(
  fc.integer({ min: 0, max: WINDOW_MS }).map((ms) => WINDOW_START + ms),
  fc
    .tuple(fc.integer({ min: 0, max: 11 }), fc.constantFrom(0, -1))
    .map(([day, shift]) => WINDOW_START + day * 86_400_000 + shift),
);
const ledgerArb = fc.array(
  fc.record({
    at: instantArb,
    ngwee: fc.integer({ min: -20_000, max: 20_000 }).filter((n) => n !== 0),
  }),
  { maxLength: 12 },
);
const periodArb = fc
  .tuple(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 5 }))
  .map(([offset, length]) => ({
    from: addDaysIso(FIRST_DAY, offset),
    to: addDaysIso(FIRST_DAY, offset + length),
  }));

describe("the statement's balances (property)", () => {
  it("opening + movements = closing, each balance as the ledger held it", async () => {
    const db = await testDb();
    await fc.assert(
      fc.asyncProperty(ledgerArb, periodArb, async (ledger, period) => {
        const name = uniqueName("ledger.");
        const user = await db.user.create({
          data: { username: name, usernameKey: name, passwordHash: "x", name, role: "parent" },
          select: { id: true, name: true },
        });
        for (const entry of ledger) {
          await db.creditEntry.create({
            data: {
              userId: user.id,
              amount: fromNgwee(entry.ngwee),
              kind: "adjustment",
              createdAt: new Date(entry.at),
            },
          });
        }
        const { wallet } = await getStatement(school, user, period);

        const start = midnight(period.from);
        const end = midnight(addDaysIso(period.to, 1));
        const sumWhere = (keep: (at: number) => boolean) =>
          ledger.filter((e) => keep(e.at)).reduce((t, e) => t + e.ngwee, 0);
        const moved = wallet.movements.reduce((t, m) => t + signedNgwee(m.amount), 0);

        expect(signedNgwee(wallet.opening) + moved).toBe(signedNgwee(wallet.closing));
        expect(signedNgwee(wallet.opening)).toBe(sumWhere((at) => at < start));
        expect(signedNgwee(wallet.closing)).toBe(sumWhere((at) => at < end));
        expect(wallet.movements).toHaveLength(
          ledger.filter((e) => e.at >= start && e.at < end).length,
        );
        expect(wallet.movements.at(-1)?.balance ?? wallet.opening).toBe(wallet.closing);
      }),
      { numRuns: 40 },
    );
  });
});
