"use client";

import type { RowSelectionState } from "@tanstack/react-table";
import { useState } from "react";
import { formatCalendarDate } from "@/components/admin/data-table/order-format";
import {
  KitchenToolbar,
  SelectedItemsBar,
  ServiceDayPrints,
} from "@/components/admin/kitchen/kitchen-toolbar";
import {
  dayHeading,
  kitchenPath,
  pendingOrderIds,
  type KitchenSelection,
} from "@/components/admin/kitchen/kitchen-format";
import { CareList } from "@/components/admin/kitchen/care-list";
import { HandOutPanel } from "@/components/admin/kitchen/handout/handout-panel";
import { StudentCardsPrint } from "@/components/admin/kitchen/handout/student-cards-print";
import { UnpaidList } from "@/components/admin/kitchen/unpaid-list";
import { PortionTable } from "@/components/admin/kitchen/portion-table";
import {
  useCompleteOrders,
  useKitchenCycles,
  useKitchenOrders,
} from "@/components/admin/kitchen/use-kitchen-queries";
import { usePortionRows } from "@/components/admin/kitchen/use-portion-rows";
import { toastFailure } from "@/components/notifications/toast";
import { errorMessage } from "@/lib/client/api";
import {
  useAddressParams,
  useAddressValue,
} from "@/components/admin/data-table/use-console-address";

// The kitchen view, 'Fat Chef View' (spec 001 §2, §7 GET /api/orders/today and /week/{week}, §9
// page 1 of 100): per day, the Primary and Secondary portion tables with protein and side counts
// and the order comments, and Mark as Complete for the selected items. Read on a tablet (large
// type and targets) and printable (controls hidden in print).

export function KitchenSection() {
  // Today or a week, in the address (`&show=week-2`); anything else reads as today.
  const [shown, setSelection] = useAddressValue("show", "today");
  const selection: KitchenSelection = /^week-[1-6]$/.test(shown)
    ? (shown as KitchenSelection)
    : "today";
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // The chosen cycle (issue 44 §7), in the address (`&cycle=12`); none: the one the kitchen serves,
  // the first of the choices.
  const address = useAddressParams();
  const cycleParam = address.get("cycle") ?? "";
  const chosenCycleId = /^[1-9]\d{0,9}$/.test(cycleParam) ? Number(cycleParam) : undefined;
  const cycles = useKitchenCycles();
  const choices = cycles.data ?? [];
  const query = useKitchenOrders(kitchenPath(selection, chosenCycleId));
  const data = query.data;
  const cycle = data?.cycle ?? null;
  const { days, tables } = usePortionRows(data);

  const selectedKeys = Object.keys(rowSelection).filter((key) => rowSelection[key]);
  const weekNumber = selection === "today" ? null : Number(selection.slice("week-".length));

  function choose(value: string) {
    setSelection(value);
    setRowSelection({});
  }

  function chooseCycle(value: string) {
    const choice = choices.find((c) => String(c.id) === value);
    const served = choices[0];
    // A week the chosen cycle does not have goes back to today.
    const beyond = weekNumber !== null && choice !== undefined && weekNumber > choice.cycleLength;
    address.set({
      cycle: served && String(served.id) === value ? null : value,
      ...(beyond && { show: null }),
    });
    setRowSelection({});
  }

  const complete = useCompleteOrders(() => {
    setRowSelection({});
    void query.refetch();
  });

  function markComplete() {
    const orderIds = data ? pendingOrderIds(data.data, days, selectedKeys) : [];
    if (orderIds.length === 0) {
      toastFailure("No orders selected");
      return;
    }
    complete.mutate(orderIds);
  }

  const heading = selection === "today" ? "Today's Orders" : `Week ${weekNumber}`;
  const emptyText =
    selection === "today" ? "No orders for today" : `No orders for week ${weekNumber}`;

  return (
    <div className="grid gap-6 text-base md:text-lg print:text-black">
      <KitchenToolbar
        cycles={choices}
        cycleId={chosenCycleId !== undefined ? String(chosenCycleId) : String(choices[0]?.id ?? "")}
        onChooseCycle={chooseCycle}
        selection={selection}
        cycleLength={cycle?.cycleLength ?? 0}
        onChoose={choose}
        fetching={query.isFetching}
        onRefresh={() => {
          void query.refetch();
          void cycles.refetch();
        }}
        updatedAt={query.dataUpdatedAt}
      />
      <StudentCardsPrint />

      <p className="text-muted-foreground print:text-black">
        {query.isPending
          ? "Loading orders…"
          : cycle
            ? `Current cycle started on ${formatCalendarDate(cycle.startDate)}`
            : "No active order cycle"}
      </p>

      {selection === "today" && <HandOutPanel />}

      {selectedKeys.length > 0 && (
        <SelectedItemsBar
          count={selectedKeys.length}
          onClear={() => setRowSelection({})}
          onComplete={markComplete}
          busy={complete.isPending}
        />
      )}

      {query.error && data && (
        <p role="alert" className="text-destructive print:hidden">
          {errorMessage(query.error, "Failed to fetch orders")}
        </p>
      )}

      {query.error && !data ? (
        <p role="alert" className="text-destructive">
          {errorMessage(query.error, "Failed to fetch orders")}
        </p>
      ) : query.isPending ? null : days.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {emptyText}
        </p>
      ) : (
        <div className="grid gap-8">
          <h2 className="hidden text-2xl font-bold print:block">{heading}</h2>
          <CareList orders={data?.data ?? []} showDay={selection !== "today"} />
          <UnpaidList orders={data?.data ?? []} showDay={selection !== "today"} />
          {tables.map(({ day, parts }) => {
            const title = selection === "today" ? "Today's Orders" : dayHeading(day);
            return (
              <section
                key={day.dayOfWeek}
                aria-label={title}
                className="grid break-inside-avoid-page gap-4"
              >
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h3 className="text-xl font-bold md:text-2xl">{title}</h3>
                  <ServiceDayPrints date={day.date} day={title} />
                </div>
                {parts.map((part) => (
                  <PortionTable
                    key={part.title}
                    title={part.title}
                    rows={part.rows}
                    selection={rowSelection}
                    onSelectionChange={setRowSelection}
                  />
                ))}
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
