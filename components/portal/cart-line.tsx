import { AlertTriangle, Repeat, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { linePrice } from "@/lib/client/cart-checkout";
import { capitalize, formatDayDate, weekdayName } from "@/lib/client/format";
import type { CartItem } from "@/lib/contracts";
import { formatNgwee, fromNgwee, percentOff } from "@/lib/money";
import { cycleDayDate } from "@/lib/school-calendar";
import { allergyAcknowledgement } from "@/lib/contracts/allergies";
import { cn } from "@/lib/utils";

export type LineProblem = "unavailable" | "archived" | "missing" | "closed" | "allergy";

const PROBLEM_TEXT: Record<LineProblem, string> = {
  unavailable: "This meal is no longer available.",
  archived: "This meal has been taken off the menu.",
  missing: "This meal no longer exists.",
  closed: "School Closed: this day no longer takes orders.",
  allergy:
    "This meal now contains an allergen of this child: remove it, or add it again to confirm.",
};

// One cart line: day, meal, choices and the price after offers and the discount code. A line
// that can no longer be ordered is a red card saying why (spec 000 §2).
export function CartLine({
  item,
  codePercent,
  startDate,
  problem,
  problemText,
  onRemove,
  onEveryWeek,
}: {
  item: CartItem;
  codePercent: number;
  startDate: string | undefined;
  problem: LineProblem | null;
  /** The server's words for the problem (issue 44 §8: a closed day's reason), else the default. */
  problemText?: string;
  onRemove: () => void;
  /** Copies the line to the same weekday of every remaining week (issue 19). */
  onEveryWeek?: () => void;
}) {
  const { original, paid } = linePrice(item, codePercent);
  const percent = percentOff(fromNgwee(original), fromNgwee(paid));
  const day = weekdayName(item.dayOfWeek);
  const date = startDate
    ? formatDayDate(cycleDayDate(startDate, item.weekNumber, item.dayOfWeek))
    : "";
  const details = [
    item.category && `Protein: ${capitalize(item.category)}`,
    item.sideDish && `Side: ${item.sideDish}`,
    item.comments && `Instructions: ${item.comments}`,
  ].filter(Boolean);

  return (
    <li
      data-unavailable={problem ? "true" : undefined}
      className={cn(
        "flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between",
        problem && "border-destructive bg-destructive/10",
      )}
    >
      <div className="grid min-w-0 gap-1">
        <p className="text-sm text-muted-foreground">
          Week {item.weekNumber}, {day} {date}
        </p>
        <p className="font-medium break-words">{item.menuItem.name}</p>
        {details.map((d) => (
          <p key={d} className="text-sm break-words text-muted-foreground">
            {d}
          </p>
        ))}
        {(item.acknowledgedAllergens?.length ?? 0) > 0 && (
          <p className="flex items-start gap-1.5 text-sm break-words text-destructive">
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            Acknowledged:{" "}
            {allergyAcknowledgement(
              item.menuItem.name,
              item.acknowledgedAllergens ?? [],
              item.student.name,
            )}
          </p>
        )}
        {problem && (
          <p className="flex items-center gap-1.5 text-sm font-medium">
            <AlertTriangle aria-hidden className="size-4 shrink-0 text-destructive" />{" "}
            {problemText ?? PROBLEM_TEXT[problem]}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 sm:flex-col sm:items-end">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 sm:justify-end">
          <span className="font-semibold">{formatNgwee(paid)}</span>
          {percent !== null && (
            <>
              <s className="text-sm text-muted-foreground">
                <span className="sr-only">Was </span>
                {formatNgwee(original)}
              </s>
              <Badge variant="success">{percent}% off</Badge>
            </>
          )}
        </span>
        <div className="flex flex-wrap items-center justify-end gap-1">
          {onEveryWeek && !problem && (
            <Button
              variant="ghost"
              size="sm"
              onClick={onEveryWeek}
              aria-label={`Every week: ${item.menuItem.name} on every later ${day}`}
            >
              <Repeat aria-hidden /> Every week
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            aria-label={`Remove ${item.menuItem.name} (${day} ${date}) from cart`}
          >
            <Trash2 aria-hidden /> Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
