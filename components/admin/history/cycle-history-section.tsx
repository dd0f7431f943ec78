"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowSelectionState,
} from "@tanstack/react-table";
import { format } from "date-fns";
import { Download } from "lucide-react";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import {
  ordersCsv,
  formatCalendarDate,
  formatKwacha,
  formatOrderDate,
  orderItemNames,
  priceDisplay,
} from "@/components/admin/history/cycle-order-format";
import { notify } from "@/components/notifications/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Table, TableBody, TableCell, TableRow } from "@/components/ui/table";
import { api, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { OrderStatus } from "@/lib/contracts";
import type { CycleOrderDto } from "@/lib/contracts/orders";
import { WEEKDAYS, weekdayName } from "@/lib/client/format";
import { DataTableHeader } from "@/components/admin/data-table-header";
import { Pager } from "@/components/admin/pager";

// Cycle History (spec 001 §2 "Cycle History section (orders)", §7 GET /api/cycle-orders and
// POST /api/orders/status, §9 page size 10 and the rounding rule): one cycle's orders, filtered,
// paged by the server, bulk status updates of the selected orders and a CSV export of everything
// the filters match.

export const CYCLE_ORDERS_PAGE_SIZE = 10;
export const EXPORT_CHUNK_SIZE = 100;

const WEEKS = [1, 2, 3, 4, 5, 6] as const;
const STATUSES: OrderStatus[] = ["pending", "completed", "cancelled", "refunded"];
const UPDATE_STATUSES = [
  { value: "completed", label: "Mark as Completed" },
  { value: "pending", label: "Mark as Pending" },
  { value: "cancelled", label: "Mark as Cancelled" },
] as const;
type UpdateStatus = (typeof UPDATE_STATUSES)[number]["value"];

export type CycleHistoryFilters = {
  cycleId: string;
  week: string;
  day: string;
  status: string;
  menuItemId: string;
};

const ALL = "all";

/** The query of GET /api/cycle-orders: the filters are sent only when not 'all'. */
export function cycleOrdersPath(
  filters: CycleHistoryFilters,
  page: number,
  pageSize: number,
): `/api/cycle-orders?${string}` {
  const params = new URLSearchParams({
    page: String(page),
    pageSize: String(pageSize),
    cycleId: filters.cycleId,
  });
  if (filters.week !== ALL) params.set("weekNumber", filters.week);
  if (filters.day !== ALL) params.set("dayOfWeek", filters.day);
  if (filters.status !== ALL) params.set("status", filters.status);
  if (filters.menuItemId !== ALL) params.set("menuItemId", filters.menuItemId);
  return `/api/cycle-orders?${params.toString()}`;
}

const STATUS_BADGE: Record<OrderStatus, "warning" | "success" | "destructive" | "secondary"> = {
  pending: "warning",
  completed: "success",
  cancelled: "destructive",
  refunded: "secondary",
};

class ChunkError extends Error {
  constructor() {
    super("Failed to fetch data chunk");
    this.name = "ChunkError";
  }
}

function downloadCsv(csv: string, fileName: string) {
  const blob = new Blob([csv], { type: "text/csv;charset=utf-8;" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function PriceCell({ order }: { order: CycleOrderDto }) {
  const { paid, original } = priceDisplay(order.originalPrice, order.discountedPrice);
  if (paid === null) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="flex flex-col items-end tabular-nums">
      {original !== null && (
        <s className="text-xs text-muted-foreground" data-testid="original-price">
          {formatKwacha(original)}
        </s>
      )}
      <span className="font-medium">{formatKwacha(paid)}</span>
    </div>
  );
}

const features = tableFeatures({ rowSelectionFeature });
const NO_ORDERS: CycleOrderDto[] = [];

const columns: ColumnDef<typeof features, CycleOrderDto>[] = [
  {
    id: "select",
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all orders on this page"
        checked={
          table.getIsAllPageRowsSelected()
            ? true
            : table.getIsSomePageRowsSelected()
              ? "indeterminate"
              : false
        }
        disabled={table.getRowModel().rows.length === 0}
        onCheckedChange={(value) => table.toggleAllPageRowsSelected(value === true)}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select order ${row.original.id}`}
        checked={row.getIsSelected()}
        onCheckedChange={(value) => row.toggleSelected(value === true)}
      />
    ),
  },
  {
    id: "orderDate",
    header: "Order Date",
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{formatOrderDate(row.original.orderDate)}</span>
    ),
  },
  {
    id: "student",
    header: "Student",
    cell: ({ row }) => (
      <div>
        <div className="font-medium">{row.original.student?.name ?? "Unknown student"}</div>
        {row.original.student && (
          <div className="text-xs text-muted-foreground">Grade {row.original.student.grade}</div>
        )}
      </div>
    ),
  },
  {
    id: "menuItem",
    header: "Menu Item",
    cell: ({ row }) => orderItemNames(row.original),
  },
  {
    id: "weekDay",
    header: "Week & Day",
    cell: ({ row }) => (
      <div className="whitespace-nowrap">
        <div>Week {row.original.weekNumber}</div>
        <div className="text-xs text-muted-foreground">{weekdayName(row.original.dayOfWeek)}</div>
      </div>
    ),
  },
  {
    id: "details",
    header: "Details",
    cell: ({ row }) => {
      const { category, sideDish, comments } = row.original;
      if (!category && !sideDish && !comments) {
        return <span className="text-muted-foreground">—</span>;
      }
      return (
        <div className="grid gap-0.5 text-xs">
          {category && <div>Protein: {category}</div>}
          {sideDish && <div>Side: {sideDish}</div>}
          {comments && <div className="text-muted-foreground">Comments: {comments}</div>}
        </div>
      );
    },
  },
  {
    id: "price",
    header: () => <div className="text-right">Price</div>,
    cell: ({ row }) => <PriceCell order={row.original} />,
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => (
      <Badge variant={STATUS_BADGE[row.original.status] ?? "secondary"} className="capitalize">
        {row.original.status}
      </Badge>
    ),
  },
];

export function CycleHistorySection() {
  const queryClient = useQueryClient();
  const [chosenCycleId, setChosenCycleId] = useState<string | null>(null);
  const [filters, setFilters] = useState<Omit<CycleHistoryFilters, "cycleId">>({
    week: ALL,
    day: ALL,
    status: ALL,
    menuItemId: ALL,
  });
  const [page, setPage] = useState(1);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [newStatus, setNewStatus] = useState<UpdateStatus | "">("");
  const [exporting, setExporting] = useState(false);

  const cyclesQuery = useQuery({
    queryKey: queryKeys.orderCycles,
    queryFn: () => api("/api/order-cycles"),
  });
  const menuQuery = useQuery({
    queryKey: queryKeys.menu,
    queryFn: () => api("/api/menu"),
  });
  const cycles = useMemo(() => cyclesQuery.data ?? [], [cyclesQuery.data]);
  const cycleId = chosenCycleId ?? (cycles[0] ? String(cycles[0].id) : "");
  const allFilters: CycleHistoryFilters = { ...filters, cycleId };

  const path = cycleOrdersPath(allFilters, page, CYCLE_ORDERS_PAGE_SIZE);
  const ordersQuery = useQuery({
    queryKey: ["/api/cycle-orders", path],
    queryFn: () => api(path),
    enabled: cycleId !== "",
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (cyclesQuery.error) {
      notify({
        title: "Error",
        description: errorMessage(cyclesQuery.error, "Failed to fetch cycles"),
        variant: "destructive",
      });
    }
  }, [cyclesQuery.error]);

  useEffect(() => {
    if (ordersQuery.error) {
      notify({
        title: "Error",
        description: errorMessage(ordersQuery.error, "Failed to fetch cycle orders"),
        variant: "destructive",
      });
    }
  }, [ordersQuery.error]);

  function resetPaging() {
    setPage(1);
    setRowSelection({});
  }

  function changeFilter(key: keyof typeof filters, value: string) {
    setFilters((current) => ({ ...current, [key]: value }));
    resetPaging();
  }

  function changeCycle(value: string) {
    setChosenCycleId(value);
    resetPaging();
  }

  const orders = ordersQuery.data?.data ?? NO_ORDERS;
  const metadata = ordersQuery.data?.metadata;
  const totalPages = Math.max(metadata?.totalPages ?? 1, 1);

  const table = useTable({
    features,
    data: orders,
    columns,
    getRowId: (order) => String(order.id),
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
    enableRowSelection: true,
  });

  const selectedIds = Object.keys(rowSelection)
    .filter((id) => rowSelection[id])
    .map(Number);

  const updateStatus = useMutation({
    mutationFn: (input: { orderIds: number[]; status: UpdateStatus }) =>
      api("/api/orders/status", { method: "POST", body: input }),
    onSuccess: (_result, input) => {
      notify({
        title: "Status updated",
        description: `Successfully updated status for ${input.orderIds.length} orders`,
        variant: "success",
      });
      setRowSelection({});
      setNewStatus("");
      void queryClient.invalidateQueries({ queryKey: ["/api/cycle-orders"] });
    },
    onError: (error) => {
      notify({
        title: "Error updating status",
        description: errorMessage(error, "Failed to update order statuses"),
        variant: "destructive",
      });
    },
  });

  function submitStatus() {
    if (!newStatus || selectedIds.length === 0) return;
    updateStatus.mutate({ orderIds: selectedIds, status: newStatus });
  }

  async function exportCsv() {
    if (!cycleId) {
      notify({ title: "Error", description: "Cycle ID is required", variant: "destructive" });
      return;
    }
    setExporting(true);
    notify({ title: "Export started", description: "Fetching all matching orders…" });
    try {
      const first = await api(cycleOrdersPath(allFilters, 1, EXPORT_CHUNK_SIZE));
      const total = first.metadata.total;
      if (total === 0 || first.data.length === 0) {
        notify({
          title: "No data to export",
          description: "There are no orders matching your filter criteria.",
        });
        return;
      }
      const pages = Math.ceil(total / EXPORT_CHUNK_SIZE);
      const rest = await Promise.all(
        Array.from({ length: Math.max(pages - 1, 0) }, (_, index) =>
          api(cycleOrdersPath(allFilters, index + 2, EXPORT_CHUNK_SIZE)).catch(() => {
            throw new ChunkError();
          }),
        ),
      );
      const all = [first, ...rest].flatMap((chunk) => chunk.data);
      const csv = ordersCsv(all);
      downloadCsv(csv, `cycle-orders-${format(new Date(), "yyyy-MM-dd")}.csv`);
      notify({
        title: "Export successful",
        description: `${all.length} orders exported.`,
        variant: "success",
      });
    } catch (error) {
      notify({
        title: "Export failed",
        description:
          error instanceof ChunkError
            ? error.message
            : errorMessage(error, "Failed to export data"),
        variant: "destructive",
      });
    } finally {
      setExporting(false);
    }
  }

  const menuItems = menuQuery.data ?? [];

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>Cycle Orders</CardTitle>
        <Button
          variant="outline"
          onClick={() => void exportCsv()}
          disabled={exporting || cycleId === ""}
        >
          <Download aria-hidden /> Export CSV
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <FilterSelect label="Cycle" value={cycleId} onChange={changeCycle}>
            {cycles.map((cycle) => (
              <SelectItem key={cycle.id} value={String(cycle.id)}>
                {formatCalendarDate(cycle.startDate)} – {formatCalendarDate(cycle.endDate)}
                {cycle.isActive && <Badge variant="success">Active</Badge>}
              </SelectItem>
            ))}
          </FilterSelect>
          <FilterSelect label="Week" value={filters.week} onChange={(v) => changeFilter("week", v)}>
            <SelectItem value={ALL}>All weeks</SelectItem>
            {WEEKS.map((week) => (
              <SelectItem key={week} value={String(week)}>
                Week {week}
              </SelectItem>
            ))}
          </FilterSelect>
          <FilterSelect label="Day" value={filters.day} onChange={(v) => changeFilter("day", v)}>
            <SelectItem value={ALL}>All days</SelectItem>
            {WEEKDAYS.map((name, index) => (
              <SelectItem key={name} value={String(index + 1)}>
                {name}
              </SelectItem>
            ))}
          </FilterSelect>
          <FilterSelect
            label="Status"
            value={filters.status}
            onChange={(v) => changeFilter("status", v)}
          >
            <SelectItem value={ALL}>All statuses</SelectItem>
            {STATUSES.map((status) => (
              <SelectItem key={status} value={status} className="capitalize">
                {status}
              </SelectItem>
            ))}
          </FilterSelect>
          <FilterSelect
            label="Menu item"
            value={filters.menuItemId}
            onChange={(v) => changeFilter("menuItemId", v)}
          >
            <SelectItem value={ALL}>All menu items</SelectItem>
            {menuItems.map((item) => (
              <SelectItem key={item.id} value={String(item.id)}>
                {item.name}
              </SelectItem>
            ))}
          </FilterSelect>
        </div>

        {selectedIds.length > 0 && (
          <div
            role="region"
            aria-label="Bulk status update"
            className="flex flex-wrap items-center gap-3 rounded-md border bg-muted/50 p-3"
          >
            <span className="text-sm font-medium">{selectedIds.length} selected</span>
            <Select value={newStatus} onValueChange={(v) => setNewStatus(v as UpdateStatus)}>
              <SelectTrigger aria-label="New status" className="w-52">
                <SelectValue placeholder="Select status" />
              </SelectTrigger>
              <SelectContent>
                {UPDATE_STATUSES.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button onClick={submitStatus} disabled={!newStatus || updateStatus.isPending}>
              Update {selectedIds.length} Orders
            </Button>
          </div>
        )}

        {cycleId === "" && !cyclesQuery.isPending ? (
          <p className="text-muted-foreground">
            {cyclesQuery.error ? "Failed to fetch cycles" : "No order cycles yet."}
          </p>
        ) : (
          <div className="overflow-x-auto rounded-md border">
            <Table>
              <DataTableHeader table={table} />
              <TableBody>
                {table.getRowModel().rows.length > 0 ? (
                  table.getRowModel().rows.map((row) => (
                    <TableRow
                      key={row.id}
                      data-state={row.getIsSelected() ? "selected" : undefined}
                    >
                      {row.getAllCells().map((cell) => (
                        <TableCell key={cell.id} className="align-top">
                          <table.FlexRender cell={cell} />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                ) : (
                  <TableRow>
                    <TableCell colSpan={columns.length} className="h-24 text-center">
                      {ordersQuery.isFetching || cyclesQuery.isPending
                        ? "Loading orders…"
                        : ordersQuery.error
                          ? "Failed to fetch cycle orders"
                          : "No orders found."}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </div>
        )}

        <Pager
          page={page}
          totalPages={totalPages}
          hasPreviousPage={metadata?.hasPreviousPage}
          hasNextPage={metadata?.hasNextPage}
          onPageChange={setPage}
        />
      </CardContent>
    </Card>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium" aria-hidden>
        {label}
      </span>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger aria-label={label} className="w-full">
          <SelectValue placeholder={`Select ${label.toLowerCase()}`} />
        </SelectTrigger>
        <SelectContent>{children}</SelectContent>
      </Select>
    </div>
  );
}
