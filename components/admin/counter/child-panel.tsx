"use client";

import { TriangleAlert } from "lucide-react";
import type { CounterStudent } from "@/components/admin/counter/counter-types";
import { Button } from "@/components/ui/button";
import { formatZmw } from "@/lib/money";

/** The child being served: allergies first and in red, then who, what is left to spend today and
 * the pre-ordered meal to hand out. */
export function ChildPanel({
  child,
  onCollect,
  collecting,
  onClear,
}: {
  child: CounterStudent;
  onCollect: (orderId: number) => void;
  collecting: boolean;
  onClear: () => void;
}) {
  const meal = child.todaysOrder;
  return (
    <section aria-label={`Serving ${child.name}`} className="space-y-3 rounded-lg border p-3">
      {child.allergies.length > 0 && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md bg-red-600 px-3 py-2 font-semibold text-white"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
          <span>Allergies: {child.allergies.join(", ")}</span>
        </p>
      )}
      {child.dietaryNotes && (
        <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {child.dietaryNotes}
        </p>
      )}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold">{child.name}</h2>
        <Button type="button" variant="ghost" size="sm" onClick={onClear}>
          Next child
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Grade {child.grade}
        {child.className ? ` · ${child.className}` : ""}
      </p>
      {child.blocked && (
        <p role="alert" className="rounded-md bg-amber-100 px-3 py-2 font-medium text-amber-950">
          The parent blocked the counter for this child.
        </p>
      )}
      <p className="text-lg">
        Can spend today: <strong data-testid="available">{formatZmw(child.available)}</strong>
      </p>
      {meal && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-emerald-50 px-3 py-2">
          <p className="text-sm">
            Pre-ordered today: <strong>{meal.menuItemName}</strong>
            {meal.category ? `, ${meal.category}` : ""}
            {meal.sideDish ? `, ${meal.sideDish}` : ""}
          </p>
          {meal.collected ? (
            <span className="text-sm font-medium text-emerald-800">Handed out</span>
          ) : (
            <Button
              type="button"
              size="sm"
              disabled={collecting}
              onClick={() => onCollect(meal.orderId)}
            >
              {collecting ? "Saving…" : "Hand out"}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
