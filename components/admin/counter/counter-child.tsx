"use client";

import { AlertTriangle, Ban, UtensilsCrossed } from "lucide-react";
import { gradeLabel } from "@/lib/client/format";
import { allergenList } from "@/lib/contracts/allergies";
import type { CounterStudentDto } from "@/lib/contracts/counter";
import { formatZmw } from "@/lib/money";

// A child at the counter (issue 47): allergies in red before anything else, then who they are,
// what they may still spend today, and the meal pre-ordered for today to hand out.

export function AllergyBanner({ child }: { child: CounterStudentDto }) {
  if (child.allergies.length === 0 && !child.dietaryNotes) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border-2 border-red-600 bg-red-50 p-2 text-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        {child.allergies.length > 0 && (
          <p className="font-bold">Allergic to {allergenList(child.allergies)}</p>
        )}
        {child.dietaryNotes && <p className="text-sm break-words">{child.dietaryNotes}</p>}
      </div>
    </div>
  );
}

const classOf = (child: CounterStudentDto) =>
  [gradeLabel(child.grade), child.className].filter(Boolean).join(" · ");

/** One search result: a big button that chooses the child. */
export function ChildResult({
  child,
  onChoose,
}: {
  child: CounterStudentDto;
  onChoose: (child: CounterStudentDto) => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onChoose(child)}
        className="grid min-h-14 w-full gap-1 rounded-lg border bg-card p-3 text-left hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {child.allergies.length > 0 && (
          <span className="text-sm font-bold text-red-700 dark:text-red-300">
            ⚠ Allergic to {allergenList(child.allergies)}
          </span>
        )}
        <span className="flex flex-wrap items-baseline justify-between gap-2">
          <span className="font-semibold">{child.name}</span>
          <span className="text-sm text-muted-foreground">{classOf(child)}</span>
        </span>
        <span className="text-sm">
          {child.blocked ? "Counter blocked by parent" : `Can spend ${formatZmw(child.available)}`}
        </span>
      </button>
    </li>
  );
}

/** The chosen child: allergies first, then the name, what is left today and today's meal. */
export function ChosenChild({ child }: { child: CounterStudentDto }) {
  return (
    <section aria-label="Chosen child" className="grid gap-2 rounded-lg border bg-card p-3">
      <AllergyBanner child={child} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold">{child.name}</h3>
        <span className="text-sm text-muted-foreground">{classOf(child)}</span>
      </div>
      {child.blocked ? (
        <p className="flex items-center gap-2 font-semibold text-red-700 dark:text-red-300">
          <Ban aria-hidden className="size-4" /> The counter is blocked for this child by their
          parent.
        </p>
      ) : (
        <p>
          Can spend today:{" "}
          <strong className="text-lg" data-testid="counter-available">
            {formatZmw(child.available)}
          </strong>
        </p>
      )}
      {child.todaysOrder && (
        <p className="flex items-start gap-2 rounded-md bg-muted p-2 text-sm">
          <UtensilsCrossed aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            Pre-ordered today: <strong>{child.todaysOrder.menuItemName}</strong>
            {child.todaysOrder.category ? ` (${child.todaysOrder.category})` : ""}
            {child.todaysOrder.sideDish ? ` with ${child.todaysOrder.sideDish}` : ""}
            {child.todaysOrder.collected ? " · collected" : ""}
          </span>
        </p>
      )}
    </section>
  );
}
