"use client";

import { format } from "date-fns";
import { CheckCheck, ClipboardList, Printer, RefreshCw, Tags } from "lucide-react";
import { FilterSelect } from "@/components/admin/data-table/filter-select";
import {
  kitchenCycleLabel,
  type KitchenSelection,
} from "@/components/admin/kitchen/kitchen-format";
import type { KitchenCycleChoice } from "@/lib/contracts/kitchen";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { plural } from "@/lib/client/format";

// The kitchen's controls (hidden in print): the cycle when more than one may be shown (issue 44
// §7), today or a week of the cycle, Refresh, Print and the time of the last read; and the bar of
// the selected items.

const BIG = "h-12 text-base";

export function KitchenToolbar({
  cycles = [],
  cycleId = "",
  onChooseCycle = () => {},
  selection,
  cycleLength,
  onChoose,
  fetching,
  onRefresh,
  updatedAt,
}: {
  /** The cycles the kitchen may show; the Cycle select only when there is more than one. */
  cycles?: readonly KitchenCycleChoice[];
  cycleId?: string;
  onChooseCycle?: (value: string) => void;
  selection: KitchenSelection;
  cycleLength: number;
  onChoose: (value: string) => void;
  fetching: boolean;
  onRefresh: () => void;
  updatedAt: number;
}) {
  const weeks = Array.from({ length: cycleLength }, (_, i) => i + 1);
  return (
    <div className="flex flex-wrap items-center gap-3 print:hidden">
      {cycles.length > 1 && (
        <FilterSelect
          label="Cycle"
          value={cycleId}
          onChange={onChooseCycle}
          className="h-12 w-auto min-w-72 text-base"
          options={cycles.map((cycle) => ({
            value: String(cycle.id),
            label: kitchenCycleLabel(cycle),
            className: "py-3 text-base",
          }))}
        />
      )}
      <FilterSelect
        label="Orders to show"
        value={selection}
        onChange={onChoose}
        className="h-12 w-56 text-base"
        options={[
          { value: "today", label: "Today's Orders", className: "py-3 text-base" },
          ...weeks.map((week) => ({
            value: `week-${week}`,
            label: `Week ${week}`,
            className: "py-3 text-base",
          })),
        ]}
      />
      <Button variant="outline" size="lg" className={BIG} onClick={onRefresh} disabled={fetching}>
        <RefreshCw aria-hidden className={cn(fetching && "animate-spin")} />
        Refresh
      </Button>
      <Button variant="outline" size="lg" className={BIG} onClick={() => window.print()}>
        <Printer aria-hidden /> Print
      </Button>
      {updatedAt > 0 && (
        <span className="text-sm text-muted-foreground md:text-base">
          Last updated {format(new Date(updatedAt), "HH:mm:ss")}
        </span>
      )}
    </div>
  );
}

export function SelectedItemsBar({
  count,
  onClear,
  onComplete,
  busy,
}: {
  count: number;
  onClear: () => void;
  onComplete: () => void;
  busy: boolean;
}) {
  return (
    <div
      role="region"
      aria-label="Selected items"
      className="sticky top-16 z-10 flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-background p-3 shadow-md print:hidden"
    >
      <span className="font-semibold">{plural(count, "item")} selected</span>
      <div className="flex gap-2">
        <Button variant="outline" size="lg" className={BIG} onClick={onClear}>
          Clear
        </Button>
        <Button size="lg" className={BIG} onClick={onComplete} disabled={busy}>
          <CheckCheck aria-hidden /> Mark as Complete
        </Button>
      </div>
    </div>
  );
}

/**
 * Print labels and Class lists for one day (issue 18): the server's PDFs, opened in a new tab
 * where the browser's viewer prints them.
 */
export function ServiceDayPrints({ date, day }: { date: string; day: string }) {
  const prints = [
    { label: "Print labels", path: "/api/kitchen/labels", Icon: Tags },
    { label: "Class lists", path: "/api/kitchen/class-list", Icon: ClipboardList },
  ];
  return (
    <div className="flex flex-wrap gap-3 print:hidden">
      {prints.map(({ label, path, Icon }) => (
        <Button key={path} asChild variant="outline" size="lg" className={BIG}>
          <a
            href={`${path}?date=${date}`}
            target="_blank"
            rel="noopener"
            aria-label={`${label}, ${day}`}
          >
            <Icon aria-hidden /> {label}
          </a>
        </Button>
      ))}
    </div>
  );
}
