"use client";

import { Download, X } from "lucide-react";
import { useCallback } from "react";
import { tableMessage } from "@/components/admin/data-table/data-table-body";
import { useAddressParams } from "@/components/admin/data-table/use-console-address";
import { downloadCsv } from "@/lib/client/download-csv";
import { takingsCsv, takingsPaymentsCsv } from "@/components/admin/revenue/takings-csv";
import {
  signedZmw,
  TakingsDaysTable,
  TakingsLinesTable,
  TakingsPaymentsTable,
  type Figure,
} from "@/components/admin/revenue/takings-tables";
import { useTakings, useTakingsPayments } from "@/components/admin/revenue/use-takings-queries";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/client/api";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";
import { isTakingsLine, TAKINGS_LINE_INFO, type TakingsDto } from "@/lib/contracts/takings";

// Takings (issue 49): a period of school days (today unless chosen, in the address as `&from=` and
// `&to=`), what came in by method, what was paid from credit, what went out, the credit
// outstanding; the days; and the payments behind whichever figure is chosen. A CSV of each.

export function TakingsTab() {
  const address = useAddressParams();
  const period = { from: address.get("from"), to: address.get("to") };
  const lineParam = address.get("line");
  const figure: Figure = {
    line: lineParam && isTakingsLine(lineParam) ? lineParam : null,
    day: address.get("day"),
  };
  const takings = useTakings(period);
  const payments = useTakingsPayments(period, figure);
  const { set } = address;
  const show = useCallback((next: Figure) => set({ line: next.line, day: next.day }), [set]);
  const data = takings.data;

  return (
    <div className="grid gap-6">
      <form
        method="post"
        action={NO_SCRIPT_ACTION}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="takings-from">From</Label>
          <Input
            id="takings-from"
            type="date"
            className="w-40"
            value={period.from ?? data?.from ?? ""}
            onChange={(e) => set({ from: e.target.value, line: null, day: null })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="takings-to">To</Label>
          <Input
            id="takings-to"
            type="date"
            className="w-40"
            value={period.to ?? data?.to ?? ""}
            onChange={(e) => set({ to: e.target.value, line: null, day: null })}
          />
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={!data}
          onClick={() =>
            data && downloadCsv(takingsCsv(data), `takings-${data.from}-${data.to}.csv`)
          }
        >
          <Download aria-hidden /> Download CSV
        </Button>
      </form>

      {takings.isError ? (
        <p role="alert" className="rounded-md border border-destructive/40 p-4 text-destructive">
          Error loading the takings: {errorMessage(takings.error, "Failed to fetch the takings")}
        </p>
      ) : (
        <>
          <TotalsCards data={data} />
          <section className="grid gap-3" aria-labelledby="takings-lines">
            <h3 id="takings-lines" className="font-semibold">
              By method
              {data && ` · ${data.from === data.to ? data.from : `${data.from} to ${data.to}`}`}
            </h3>
            <TakingsLinesTable lines={data?.lines ?? []} onShow={show} />
          </section>
          <section className="grid gap-3" aria-labelledby="takings-days">
            <h3 id="takings-days" className="font-semibold">
              By day{" "}
              <span className="text-sm font-normal text-muted-foreground">
                ({data?.timeZone ?? "the school's time zone"})
              </span>
            </h3>
            <TakingsDaysTable
              days={data?.days ?? []}
              shownLines={(data?.lines ?? []).filter((l) => l.count > 0).map((l) => l.line)}
              onShow={show}
              message={tableMessage(
                { loading: !data, failed: false },
                { loading: "Loading…", failed: "", empty: "No money moved in this period." },
              )}
            />
          </section>
        </>
      )}

      {(figure.line || figure.day) && (
        <section className="grid gap-3" aria-labelledby="takings-payments">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="takings-payments" className="font-semibold">
              Payments behind: {figure.line ? TAKINGS_LINE_INFO[figure.line].label : "every line"}
              {figure.day ? ` on ${figure.day}` : ""}
            </h3>
            <div className="flex gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={!payments.data || payments.data.items.length === 0}
                onClick={() =>
                  payments.data &&
                  downloadCsv(
                    takingsPaymentsCsv(payments.data),
                    `takings-payments-${figure.line ?? "all"}-${figure.day ?? "period"}.csv`,
                  )
                }
              >
                <Download aria-hidden /> CSV
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => show({ line: null, day: null })}
              >
                <X aria-hidden /> Close
              </Button>
            </div>
          </div>
          <TakingsPaymentsTable
            items={payments.data?.items ?? []}
            timeZone={data?.timeZone ?? "Africa/Lusaka"}
            message={tableMessage(
              { loading: payments.isPending, failed: payments.isError },
              {
                loading: "Loading…",
                failed: errorMessage(payments.error, "Failed to fetch the payments"),
                empty: "No payments.",
              },
            )}
          />
          {payments.data?.truncated && (
            <p className="text-sm text-muted-foreground">
              The first 1,000 payments are shown; choose a day to see the rest.
            </p>
          )}
        </section>
      )}
    </div>
  );
}

function TotalsCards({ data }: { data: TakingsDto | undefined }) {
  const cards = [
    { title: "Received", amount: data?.totals.received, note: "Card, mobile money and transfers" },
    {
      title: "Paid from credit",
      amount: data?.totals.fromCredit,
      note: "Meals and counter sales from wallets",
    },
    { title: "Paid out", amount: data?.totals.out, note: "Refunds and wallet payouts" },
    {
      title: "Credit outstanding",
      amount: data?.creditOutstanding,
      note: data ? `In wallets at the end of ${data.to}` : "In wallets",
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {cards.map((card) => (
        <Card key={card.title} role="group" aria-label={card.title}>
          <CardHeader>
            <CardTitle className="text-sm font-medium">{card.title}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-xl font-bold tabular-nums sm:text-2xl">
              {card.amount ? signedZmw(card.amount) : "…"}
            </p>
            <CardDescription>{card.note}</CardDescription>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
