import { Info, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatDayDate, weekdayName } from "@/lib/client/format";
import { skipText, type SkippedLine } from "@/lib/client/repeat-orders";
import { cycleDayDate } from "@/lib/school-calendar";

/** What a repeat did: how many meals went into the cart, and which were left out and why. */
export type RepeatOutcome = { title: string; added: number; skipped: SkippedLine[] };

const meals = (n: number) => `${n} ${n === 1 ? "meal" : "meals"}`;

/**
 * The summary line of a repeat: "Added 3 meals to the cart, left out 1.", with the days already
 * in the cart counted apart (issue 44): "Added 1 meal to the cart, 2 already in it, left out 1."
 */
export function repeatSummary(added: number, skipped: readonly SkippedLine[]): string {
  const put = added > 0 ? `Added ${meals(added)} to the cart` : "Nothing was added to the cart";
  const inCart = skipped.filter((line) => line.reason === "in-cart").length;
  const left = skipped.length - inCart;
  return `${put}${inCart > 0 ? `, ${inCart} already in it` : ""}${left > 0 ? `, left out ${left}` : ""}.`;
}

// The short note under "Repeat last week" and the cart's "Every week" (issue 19): the lines left
// out, each with its day and the reason, until the parent closes it.
export function RepeatNote({
  outcome,
  startDate,
  onClose,
}: {
  outcome: RepeatOutcome;
  startDate: string | undefined;
  onClose: () => void;
}) {
  return (
    <div
      role="status"
      aria-label={outcome.title}
      className="flex items-start gap-3 rounded-xl border bg-muted/40 p-3 text-sm"
    >
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="font-medium">
          {outcome.title}: {repeatSummary(outcome.added, outcome.skipped)}
        </p>
        {outcome.skipped.length > 0 && (
          <ul aria-label="Left out" className="grid gap-0.5 text-muted-foreground">
            {outcome.skipped.map((line) => (
              <li key={`${line.weekNumber}:${line.dayOfWeek}`} className="break-words">
                Week {line.weekNumber}, {weekdayName(line.dayOfWeek)}
                {startDate &&
                  ` ${formatDayDate(cycleDayDate(startDate, line.weekNumber, line.dayOfWeek))}`}
                : {skipText(line)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <Button variant="ghost" size="icon" aria-label="Close note" onClick={onClose}>
        <X aria-hidden />
      </Button>
    </div>
  );
}
