import type {
  SettlementDto,
  SettlementLine,
  SettlementMatchDto,
  SettlementMatchKind,
} from "@/lib/contracts/takings";

// Settlement matching (issue 49, decision 0116), pure: DPO's report lines against the books' DPO
// payments. A line names its payment by DPO's token, else by our CompanyRef. In file order:
// a line DPO did not pay is only reported; a paid line whose token was paid on an earlier line is
// a duplicate (a card declined and then paid on the same token is one payment, not two); a
// paid line with no payment paid in the books is "not in the books" (paid at DPO, no order); a
// paid line whose payment was charged another amount or currency says so. Every payment paid in
// the books on the report's dates that no paid line names is missing from the report.

export type BookPayment = {
  id: number;
  token: string | null;
  reference: string;
  amount: string;
  currency: string;
  paid: boolean;
  /** When it was verified paid, ISO; and its school day. */
  at: string;
  day: string | null;
};

export function matchSettlement(
  lines: readonly SettlementLine[],
  payments: readonly BookPayment[],
): SettlementDto {
  const byToken = new Map<string, BookPayment>();
  const byReference = new Map<string, BookPayment>();
  for (const payment of payments) {
    if (payment.token) byToken.set(payment.token, payment);
    byReference.set(payment.reference, payment);
  }
  const seen = new Set<string>();
  const settled = new Set<number>();
  const matches: SettlementMatchDto[] = lines.map((line) => {
    const payment =
      byToken.get(line.token) ?? (line.reference ? byReference.get(line.reference) : undefined);
    const shown = payment
      ? {
          id: payment.id,
          token: payment.token ?? "",
          reference: payment.reference,
          amount: payment.amount,
          at: payment.at,
        }
      : null;
    const kind = kindOf(line, payment, seen, settled);
    if (line.status === "paid") seen.add(line.token);
    if (payment && line.status === "paid") settled.add(payment.id);
    return { kind, line, payment: shown };
  });
  const dates = lines.map((line) => line.date).sort();
  const from = dates[0] ?? null;
  const to = dates[dates.length - 1] ?? null;
  const missingFromReport = payments
    .filter((p) => p.paid && p.day !== null && from !== null && to !== null)
    .filter((p) => p.day! >= from! && p.day! <= to! && !settled.has(p.id))
    .map(({ id, token, reference, amount, at }) => ({ id, token, reference, amount, at }));
  const summary = {
    matched: 0,
    amount_differs: 0,
    currency_differs: 0,
    not_in_books: 0,
    duplicate: 0,
    not_paid_at_dpo: 0,
    missing_from_report: missingFromReport.length,
  } satisfies SettlementDto["summary"];
  for (const match of matches) summary[match.kind] += 1;
  return { lines: lines.length, matches, missingFromReport, summary, from, to };
}

function kindOf(
  line: SettlementLine,
  payment: BookPayment | undefined,
  seen: ReadonlySet<string>,
  settled: ReadonlySet<number>,
): SettlementMatchKind {
  if (line.status !== "paid") return "not_paid_at_dpo";
  // The same token paid twice, or two tokens naming one payment by our reference: one payment
  // settled twice is a double charge to look into.
  if (seen.has(line.token) || (payment && settled.has(payment.id))) return "duplicate";
  if (!payment || !payment.paid) return "not_in_books";
  if (payment.currency.toUpperCase() !== line.currency) return "currency_differs";
  if (payment.amount !== line.amount) return "amount_differs";
  return "matched";
}
