"use client";

import { useQuery } from "@tanstack/react-query";
import { ChevronDown, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api, errorMessage } from "@/lib/client/api";
import { capitalize, formatDayDate, gradeLabel, plural } from "@/lib/client/format";
import { queryKeys } from "@/lib/client/query-keys";
import type { UncollectedAnswer } from "@/lib/contracts/cards";
import { cn } from "@/lib/utils";

// Handing out (issue 47): how many of today's pre-ordered meals are still to hand out at the
// counter and to whom, read again every minute; or, for a past day, the meals never collected.

/** Read again this often while the kitchen looks: the counter hands meals out meanwhile. */
const REFRESH_MS = 60_000;

type UncollectedPath = "/api/kitchen/uncollected" | `/api/kitchen/uncollected?date=${string}`;

export function HandOutPanel() {
  const [date, setDate] = useState("");
  const [open, setOpen] = useState(false);
  const dateId = useId();
  const path: UncollectedPath = date
    ? `/api/kitchen/uncollected?date=${date}`
    : "/api/kitchen/uncollected";
  const query = useQuery({
    queryKey: queryKeys.kitchen(path),
    queryFn: () => api(path),
    refetchInterval: REFRESH_MS,
  });
  const answer = query.data;

  return (
    <section
      aria-label="Handing out"
      className="grid gap-3 rounded-lg border p-4 print:border-black"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 className="text-xl font-semibold">{answer ? title(answer) : "Handing out"}</h3>
        <div className="flex flex-wrap items-end gap-2 print:hidden">
          <div className="grid gap-1">
            <Label htmlFor={dateId} className="text-sm">
              Day
            </Label>
            <Input
              id={dateId}
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              className="h-11 w-44"
            />
          </div>
          {date && (
            <Button variant="outline" className="h-11" onClick={() => setDate("")}>
              Today
            </Button>
          )}
          <Button
            variant="outline"
            className="h-11"
            aria-label="Refresh the meals to hand out"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <RefreshCw aria-hidden className={cn(query.isFetching && "animate-spin")} />
          </Button>
        </div>
      </div>
      {query.error ? (
        <p className="text-destructive">
          {errorMessage(query.error, "Failed to fetch the meals to hand out")}
        </p>
      ) : !answer ? (
        <p className="text-muted-foreground">Loading…</p>
      ) : (
        <Summary answer={answer} open={open} onOpenChange={setOpen} />
      )}
    </section>
  );
}

function title(answer: UncollectedAnswer): string {
  const day = formatDayDate(answer.date);
  if (answer.isToday) return `Still to hand out today: ${answer.meals.length}`;
  if (answer.isPast) return `Never collected on ${day}: ${answer.meals.length}`;
  return `To hand out on ${day}: ${answer.meals.length}`;
}

function Summary({
  answer,
  open,
  onOpenChange,
}: {
  answer: UncollectedAnswer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { meals, collected } = answer;
  const done = `${plural(collected, "meal")} collected`;
  if (meals.length === 0) {
    return (
      <p className="text-muted-foreground">
        {collected + meals.length === 0
          ? "No pre-ordered meals on this day."
          : `Every meal was handed out (${done}).`}
      </p>
    );
  }
  return (
    <Collapsible open={open} onOpenChange={onOpenChange} className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-muted-foreground">{done}</span>
        <CollapsibleTrigger asChild>
          <Button variant="outline" className="h-11 print:hidden">
            <ChevronDown aria-hidden className={cn("transition-transform", open && "rotate-180")} />
            {open ? "Hide the list" : `Show the ${plural(meals.length, "child", "children")}`}
          </Button>
        </CollapsibleTrigger>
      </div>
      <CollapsibleContent>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {meals.map((meal) => (
            <li key={meal.orderId} className="min-w-0 rounded-md bg-muted/50 p-3 text-base">
              <p className="font-medium break-words">
                {meal.studentName}{" "}
                <span className="text-sm font-normal text-muted-foreground">
                  {gradeLabel(meal.grade)}
                  {meal.className ? ` · ${meal.className}` : ""}
                </span>
              </p>
              <p className="text-sm break-words">
                {[meal.menuItemName, meal.category && capitalize(meal.category), meal.sideDish]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              {meal.unpaid && <p className="text-sm font-bold uppercase">Unpaid</p>}
            </li>
          ))}
        </ul>
      </CollapsibleContent>
    </Collapsible>
  );
}
