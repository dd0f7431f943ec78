"use client";

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import {
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type OnChangeFn,
  type RowSelectionState,
} from "@tanstack/react-table";
import { format } from "date-fns";
import { CheckCheck, Printer, RefreshCw } from "lucide-react";
import { useMemo, useState } from "react";
import { formatCalendarDate } from "@/components/admin/history/cycle-order-format";
import {
  countEntries,
  dayHeading,
  kitchenPath,
  pendingOrderIds,
  portionKey,
  type KitchenSelection,
} from "@/components/admin/kitchen/kitchen-format";
import { notify } from "@/components/notifications/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { api, errorMessage } from "@/lib/client/api";
import type { DayPortions, MenuItemPortion } from "@/lib/contracts/kitchen";
import { cn } from "@/lib/utils";

// The kitchen view, 'Fat Chef View' (spec 001 §2, §7 GET /api/orders/today and /week/{week}, §9
// page 1 of 100): per day, the Primary and Secondary portion tables with protein and side counts
// and the order comments, and Mark as Complete for the selected items. Read on a tablet (large
// type and targets) and printable (controls hidden in print).

const features = tableFeatures({ rowSelectionFeature });

type PortionRow = MenuItemPortion & { key: string; done: boolean };

const columns: ColumnDef<typeof features, PortionRow>[] = [
  {
    id: "select",
    header: ({ table }) => {
      const rows = table.getRowModel().rows;
      const selected = rows.filter((row) => row.getIsSelected()).length;
      return (
        <Checkbox
          aria-label="Select all items in this table"
          className="size-6"
          checked={
            rows.length > 0 && selected === rows.length
              ? true
              : selected > 0
                ? "indeterminate"
                : false
          }
          onCheckedChange={(value) => {
            for (const row of rows) row.toggleSelected(value === true);
          }}
        />
      );
    },
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select ${row.original.name}`}
        className="size-6"
        checked={row.getIsSelected()}
        onCheckedChange={(value) => row.toggleSelected(value === true)}
      />
    ),
  },
  {
    id: "name",
    header: "Menu Item",
    cell: ({ row }) => (
      <div className="flex flex-wrap items-center gap-2 font-semibold">
        {row.original.name}
        {row.original.done && (
          <Badge variant="success" className="text-sm">
            Completed
          </Badge>
        )}
      </div>
    ),
  },
  {
    id: "total",
    header: "Total Orders",
    cell: ({ row }) => (
      <span className="text-2xl font-bold tabular-nums">{row.original.totalOrders}</span>
    ),
  },
  {
    id: "proteins",
    header: "Protein Selection",
    cell: ({ row }) => <CountList counts={row.original.proteins} label="protein" />,
  },
  {
    id: "sides",
    header: "Side Dish Selection",
    cell: ({ row }) => <CountList counts={row.original.sides} label="side dish" />,
  },
];

function CountList({ counts, label }: { counts: Record<string, number>; label: string }) {
  const entries = countEntries(counts);
  if (entries.length === 0) return <span className="text-muted-foreground">No {label}</span>;
  return (
    <ul className="grid gap-1">
      {entries.map(([name, count]) => (
        <li key={name} className="flex items-baseline justify-between gap-3">
          <span className="capitalize">{name}</span>
          <span className="font-semibold tabular-nums">{count}</span>
        </li>
      ))}
    </ul>
  );
}

function PortionTable({
  title,
  rows,
  selection,
  onSelectionChange,
}: {
  title: string;
  rows: PortionRow[];
  selection: RowSelectionState;
  onSelectionChange: OnChangeFn<RowSelectionState>;
}) {
  const table = useTable({
    features,
    data: rows,
    columns,
    getRowId: (row) => row.key,
    state: { rowSelection: selection },
    onRowSelectionChange: onSelectionChange,
    enableRowSelection: true,
  });
  const comments = rows.flatMap((row) =>
    row.comments.map((comment) => ({ ...comment, item: row.name })),
  );

  return (
    <section aria-label={title} className="grid break-inside-avoid gap-2">
      <h4 className="text-lg font-semibold">{title}</h4>
      <div className="overflow-x-auto rounded-md border print:border-black">
        <Table className="text-base">
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => (
                  <TableHead
                    key={header.id}
                    className={cn(
                      "h-12 text-base",
                      header.column.id === "select" && "w-12 print:hidden",
                    )}
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </TableHead>
                ))}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {table.getRowModel().rows.map((row) => (
              <TableRow key={row.id} data-state={row.getIsSelected() ? "selected" : undefined}>
                {row.getAllCells().map((cell) => (
                  <TableCell
                    key={cell.id}
                    className={cn(
                      "py-3 align-top whitespace-normal",
                      cell.column.id === "select" && "print:hidden",
                    )}
                  >
                    <table.FlexRender cell={cell} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {comments.length > 0 && (
        <div className="rounded-md border border-dashed p-3 print:border-black">
          <p className="font-semibold">Comments</p>
          <ul className="mt-1 grid gap-1">
            {comments.map((comment) => (
              <li key={comment.orderId}>
                <span className="font-medium">{comment.item}:</span> {comment.text}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function toRows(
  day: DayPortions,
  portions: MenuItemPortion[],
  pending: Set<string>,
  exact: boolean,
): PortionRow[] {
  return portions.map((portion) => ({
    ...portion,
    key: portionKey(day.dayOfWeek, portion),
    done: exact && !pending.has(`${day.dayOfWeek}:${portion.type}:${portion.name}`),
  }));
}

export function KitchenSection() {
  const [selection, setSelection] = useState<KitchenSelection>("today");
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const path = kitchenPath(selection);
  const query = useQuery({
    queryKey: ["kitchen", path],
    queryFn: () => api(path),
    placeholderData: keepPreviousData,
  });

  const data = query.data;
  const cycle = data?.cycle ?? null;
  const days = useMemo(
    () => (data?.portions ?? []).filter((d) => d.primary.length + d.secondary.length > 0),
    [data?.portions],
  );
  // Which items still have pending orders (by day, type and name: the orders carry no item id).
  // The "Completed" mark is shown only when every order of the selection was loaded.
  const pending = useMemo(() => {
    const keys = new Set<string>();
    for (const order of data?.data ?? []) {
      if (order.status === "pending" && order.menuItem) {
        keys.add(`${order.dayOfWeek}:${order.menuItem.type}:${order.menuItem.name}`);
      }
    }
    return keys;
  }, [data?.data]);
  const exact = data ? data.metadata.total <= data.data.length : false;
  const tables = useMemo(
    () =>
      days.map((day) => ({
        day,
        primary: toRows(day, day.primary, pending, exact),
        secondary: toRows(day, day.secondary, pending, exact),
      })),
    [days, pending, exact],
  );

  const selectedKeys = Object.keys(rowSelection).filter((key) => rowSelection[key]);
  const weekNumber = selection === "today" ? null : Number(selection.slice("week-".length));

  function choose(value: string) {
    setSelection(value as KitchenSelection);
    setRowSelection({});
  }

  const complete = useMutation({
    mutationFn: (orderIds: number[]) =>
      api("/api/orders/status", {
        method: "POST",
        body: { orderIds, status: "completed" },
      }),
    onSuccess: (_result, orderIds) => {
      notify({
        title: "Status updated",
        description: `Successfully updated status for ${orderIds.length} orders`,
        variant: "success",
      });
      setRowSelection({});
      void query.refetch();
    },
    onError: (error) => {
      notify({
        title: "Error",
        description: errorMessage(error, "Failed to update orders. Please try again."),
        variant: "destructive",
      });
    },
  });

  function markComplete() {
    const orderIds = data ? pendingOrderIds(data.data, days, selectedKeys) : [];
    if (orderIds.length === 0) {
      notify({ title: "No orders selected", variant: "destructive" });
      return;
    }
    complete.mutate(orderIds);
  }

  const heading = selection === "today" ? "Today's Orders" : `Week ${weekNumber}`;
  const emptyText =
    selection === "today" ? "No orders for today" : `No orders for week ${weekNumber}`;

  return (
    <div className="grid gap-6 text-base md:text-lg print:text-black">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Select value={selection} onValueChange={choose}>
          <SelectTrigger aria-label="Orders to show" className="h-12 w-56 text-base">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="today" className="py-3 text-base">
              Today&apos;s Orders
            </SelectItem>
            {Array.from({ length: cycle?.cycleLength ?? 0 }, (_, i) => i + 1).map((week) => (
              <SelectItem key={week} value={`week-${week}`} className="py-3 text-base">
                Week {week}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button
          variant="outline"
          size="lg"
          className="h-12 text-base"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          <RefreshCw aria-hidden className={cn(query.isFetching && "animate-spin")} />
          Refresh
        </Button>
        <Button
          variant="outline"
          size="lg"
          className="h-12 text-base"
          onClick={() => window.print()}
        >
          <Printer aria-hidden /> Print
        </Button>
        {query.dataUpdatedAt > 0 && (
          <span className="text-sm text-muted-foreground md:text-base">
            Last updated {format(new Date(query.dataUpdatedAt), "HH:mm:ss")}
          </span>
        )}
      </div>

      <p className="text-muted-foreground print:text-black">
        {query.isPending
          ? "Loading orders…"
          : cycle
            ? `Current cycle started on ${formatCalendarDate(cycle.startDate)}`
            : "No active order cycle"}
      </p>

      {selectedKeys.length > 0 && (
        <div
          role="region"
          aria-label="Selected items"
          className="sticky top-16 z-10 flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-background p-3 shadow-md print:hidden"
        >
          <span className="font-semibold">{selectedKeys.length} items selected</span>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="lg"
              className="h-12 text-base"
              onClick={() => setRowSelection({})}
            >
              Clear
            </Button>
            <Button
              size="lg"
              className="h-12 text-base"
              onClick={markComplete}
              disabled={complete.isPending}
            >
              <CheckCheck aria-hidden /> Mark as Complete
            </Button>
          </div>
        </div>
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
          {tables.map(({ day, primary, secondary }) => (
            <section
              key={day.dayOfWeek}
              aria-label={selection === "today" ? "Today's Orders" : dayHeading(day)}
              className="grid break-inside-avoid-page gap-4"
            >
              <h3 className="text-xl font-bold md:text-2xl">
                {selection === "today" ? "Today's Orders" : dayHeading(day)}
              </h3>
              {primary.length > 0 && (
                <PortionTable
                  title="Primary Portions"
                  rows={primary}
                  selection={rowSelection}
                  onSelectionChange={setRowSelection}
                />
              )}
              {secondary.length > 0 && (
                <PortionTable
                  title="Secondary Portions"
                  rows={secondary}
                  selection={rowSelection}
                  onSelectionChange={setRowSelection}
                />
              )}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
