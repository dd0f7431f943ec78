"use client";

import { FileDown } from "lucide-react";
import { useState } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { STATEMENT_MAX_DAYS } from "@/lib/contracts/statement";
import { schoolToday } from "@/lib/school-calendar";
import { checkStatementPeriod } from "@/lib/validations/statement";

// Issue 49: the family's statement for any period, a PDF the server draws. Two dates and a link:
// no form (nothing to submit before hydration) and nothing of the PDF's code in the browser.
export function StatementDownload({ timeZone }: { timeZone: string }) {
  const [today] = useState(() => schoolToday(timeZone));
  const [from, setFrom] = useState(() => `${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const checked = checkStatementPeriod(from, to);
  const href =
    "period" in checked
      ? `/api/account/statement?${new URLSearchParams(checked.period).toString()}`
      : null;

  return (
    <section
      aria-labelledby="statement-title"
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm"
    >
      <div>
        <h3 id="statement-title" className="font-semibold">
          Statement
        </h3>
        <p className="text-sm text-muted-foreground">
          Your payments, top-ups, orders, refunds and wallet for any period of up to{" "}
          {STATEMENT_MAX_DAYS} days, as a PDF.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="statement-from">From</Label>
          <Input
            id="statement-from"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.target.value)}
            className="px-2"
            aria-invalid={href === null}
          />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="statement-to">To</Label>
          <Input
            id="statement-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
            className="px-2"
            aria-invalid={href === null}
          />
        </div>
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener"
            className={buttonVariants({ className: "min-[420px]:col-span-2 sm:w-fit" })}
          >
            <FileDown aria-hidden /> Download statement
          </a>
        ) : (
          <button
            type="button"
            disabled
            className={buttonVariants({ className: "min-[420px]:col-span-2 sm:w-fit" })}
          >
            <FileDown aria-hidden /> Download statement
          </button>
        )}
      </div>
      {"error" in checked && (
        <p role="alert" className="text-sm text-destructive">
          {checked.error}
        </p>
      )}
    </section>
  );
}
