"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  rowExpandingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ExpandedState,
} from "@tanstack/react-table";
import { ChevronDown, ChevronRight } from "lucide-react";
import { Fragment, useEffect, useState, type ReactNode } from "react";
import {
  LiveOrderActions,
  useLiveOrderAction,
} from "@/components/admin/live-orders/live-order-actions";
import { LiveOrderDetails } from "@/components/admin/live-orders/live-order-details";
import {
  ALL,
  amountDisplay,
  DAY_SHORT,
  daysOf,
  EMPTY_FILTERS,
  formatLiveTime,
  itemNames,
  LIVE_ORDERS_PAGE_SIZE,
  LIVE_ORDERS_REFRESH_MS,
  liveOrdersPath,
  studentNames,
  weeksOf,
  type LiveOrderFilters,
} from "@/components/admin/live-orders/live-order-format";
import { Pager } from "@/components/admin/pager";
import { notify } from "@/components/notifications/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
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
import type { LiveOrder } from "@/lib/contracts/live-orders";

// Live Orders (spec 001 §2, §3, §4, §7, §9): every payment attempt, 50 a page, refreshed every 5 s.
// The filter row sits in the table header and applies only on 'Apply Filters'. The poll keeps the
// applied filters, the page and the open rows (rows are keyed by attempt id, never auto-reset).

const features = tableFeatures({ rowExpandingFeature });
const NO_ORDERS: LiveOrder[] = [];
const WEEKS = [1, 2, 3, 4, 5, 6] as const;

function statusVariant(status: string): "success" | "destructive" | "warning" | "secondary" {
  if (status === "Orders created successfully") return "success";
  if (status === "Failed" || status === "Payment Failed") return "destructive";
  if (status === "Payment Abandoned") return "secondary";
  return "warning";
}

function AmountCell({ order }: { order: LiveOrder }) {
  const { paid, original } = amountDisplay(order.originalAmount, order.amount);
  return (
    <div className="flex flex-col items-end tabular-nums">
      {original && (
        <s className="text-xs text-muted-foreground" data-testid="original-amount">
          {original}
        </s>
      )}
      <span className="font-medium">{paid}</span>
    </div>
  );
}

const columns: ColumnDef<typeof features, LiveOrder>[] = [
  {
    id: "expand",
    header: () => <span className="sr-only">Details</span>,
    cell: ({ row }) => (
      <Button
        variant="ghost"
        size="icon"
        aria-expanded={row.getIsExpanded()}
        aria-label={`${row.getIsExpanded() ? "Hide" : "Show"} details of order ${row.original.id}`}
        onClick={row.getToggleExpandedHandler()}
      >
        {row.getIsExpanded() ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
      </Button>
    ),
  },
  {
    id: "time",
    header: "Time",
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{formatLiveTime(row.original.createdAt)}</span>
    ),
  },
  { id: "parent", header: "Parent", cell: ({ row }) => row.original.username },
  { id: "student", header: "Student", cell: ({ row }) => studentNames(row.original) },
  { id: "items", header: "Items", cell: ({ row }) => itemNames(row.original) },
  {
    id: "amount",
    header: () => <div className="text-right">Amount</div>,
    cell: ({ row }) => <AmountCell order={row.original} />,
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => (
      <div className="flex flex-col items-start gap-1">
        <Badge variant={statusVariant(row.original.status)}>{row.original.status}</Badge>
        {row.original.isRecovered && <Badge variant="outline">Recovered</Badge>}
      </div>
    ),
  },
  {
    id: "transactionId",
    header: "Transaction ID",
    cell: ({ row }) =>
      row.original.transactionId ? (
        <span className="font-mono text-xs break-all">{row.original.transactionId}</span>
      ) : (
        <span className="font-mono text-xs break-all text-muted-foreground" title="Our reference">
          {row.original.transactionRef}
        </span>
      ),
  },
  { id: "week", header: "Week", cell: ({ row }) => weeksOf(row.original) },
  { id: "day", header: "Day", cell: ({ row }) => daysOf(row.original) },
  { id: "actions", header: "Actions", cell: () => null },
];

export function LiveOrdersSection() {
  const [draft, setDraft] = useState<LiveOrderFilters>(EMPTY_FILTERS);
  const [applied, setApplied] = useState<LiveOrderFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const { run, pendingId } = useLiveOrderAction();

  const path = liveOrdersPath(applied, page);
  const query = useQuery({
    queryKey: ["/api/payments/live-orders", path],
    queryFn: () => api(path),
    refetchInterval: LIVE_ORDERS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

  const failed = query.isError;
  useEffect(() => {
    if (failed) {
      notify({
        title: "Error",
        description: errorMessage(query.error, "Failed to fetch orders"),
        variant: "destructive",
      });
    }
    // Once per failure, not on every 5 s retry of the poll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed]);

  const orders = query.data?.data ?? NO_ORDERS;
  const pagination = query.data?.pagination;
  const totalPages = Math.max(pagination?.totalPages ?? 1, 1);
  const statuses = query.data?.availableStatuses ?? [];

  const table = useTable({
    features,
    data: orders,
    columns,
    getRowId: (order) => String(order.id),
    state: { expanded },
    onExpandedChange: setExpanded,
    getRowCanExpand: () => true,
    autoResetExpanded: false,
  });

  function apply() {
    setApplied(draft);
    setPage(1);
  }

  const set = (key: keyof LiveOrderFilters) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const first = (page - 1) * LIVE_ORDERS_PAGE_SIZE + 1;
  const last = first + orders.length - 1;

  const filterCells: Record<string, ReactNode> = {
    time: (
      <Input
        type="date"
        aria-label="Filter by time"
        value={draft.time}
        onChange={(e) => set("time")(e.target.value)}
      />
    ),
    parent: (
      <Input
        aria-label="Filter by parent"
        placeholder="Parent"
        value={draft.parent}
        onChange={(e) => set("parent")(e.target.value)}
      />
    ),
    student: (
      <Input
        aria-label="Filter by student"
        placeholder="Student"
        value={draft.student}
        onChange={(e) => set("student")(e.target.value)}
      />
    ),
    items: (
      <Input
        aria-label="Filter by items"
        placeholder="Items"
        value={draft.items}
        onChange={(e) => set("items")(e.target.value)}
      />
    ),
    amount: (
      <Input
        aria-label="Filter by amount"
        placeholder="Amount"
        inputMode="decimal"
        value={draft.amount}
        onChange={(e) => set("amount")(e.target.value)}
      />
    ),
    status: (
      <FilterSelect label="Filter by status" value={draft.status} onChange={set("status")}>
        <SelectItem value={ALL}>All</SelectItem>
        {statuses.map((status) => (
          <SelectItem key={status} value={status}>
            {status}
          </SelectItem>
        ))}
      </FilterSelect>
    ),
    transactionId: (
      <Input
        aria-label="Filter by transaction ID"
        placeholder="Transaction ID"
        value={draft.transactionId}
        onChange={(e) => set("transactionId")(e.target.value)}
      />
    ),
    week: (
      <FilterSelect label="Filter by week" value={draft.week} onChange={set("week")}>
        <SelectItem value={ALL}>All</SelectItem>
        {WEEKS.map((week) => (
          <SelectItem key={week} value={String(week)}>
            Week {week}
          </SelectItem>
        ))}
      </FilterSelect>
    ),
    day: (
      <FilterSelect label="Filter by day" value={draft.day} onChange={set("day")}>
        <SelectItem value={ALL}>All</SelectItem>
        {DAY_SHORT.map((day, index) => (
          <SelectItem key={day} value={String(index + 1)}>
            {day}
          </SelectItem>
        ))}
      </FilterSelect>
    ),
    actions: (
      <Button size="sm" onClick={apply}>
        Apply Filters
      </Button>
    ),
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Live Orders</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="overflow-x-auto rounded-md border">
          <Table>
            <TableHeader>
              {table.getHeaderGroups().map((group) => (
                <Fragment key={group.id}>
                  <TableRow>
                    {group.headers.map((header) => (
                      <TableHead key={header.id}>
                        {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                      </TableHead>
                    ))}
                  </TableRow>
                  <TableRow data-testid="filter-row">
                    {group.headers.map((header) => (
                      <TableHead key={header.id} className="min-w-28 py-2 align-top">
                        {filterCells[header.column.id] ?? null}
                      </TableHead>
                    ))}
                  </TableRow>
                </Fragment>
              ))}
            </TableHeader>
            <TableBody>
              {table.getRowModel().rows.length > 0 ? (
                table.getRowModel().rows.map((row) => (
                  <Fragment key={row.id}>
                    <TableRow data-state={row.getIsExpanded() ? "selected" : undefined}>
                      {row.getAllCells().map((cell) => (
                        <TableCell key={cell.id} className="align-top">
                          {cell.column.id === "actions" ? (
                            <LiveOrderActions
                              order={row.original}
                              pending={pendingId !== null}
                              onAction={run}
                            />
                          ) : (
                            <table.FlexRender cell={cell} />
                          )}
                        </TableCell>
                      ))}
                    </TableRow>
                    {row.getIsExpanded() && (
                      <TableRow>
                        <TableCell colSpan={columns.length} className="bg-muted/30">
                          <LiveOrderDetails order={row.original} />
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                ))
              ) : (
                <TableRow>
                  <TableCell colSpan={columns.length} className="h-24 text-left md:text-center">
                    {/* Sticky so that on a phone, where the table scrolls sideways, it is in view. */}
                    <div className="sticky left-2 inline-block md:static">
                      {query.isPending ? (
                        "Loading orders…"
                      ) : query.isError && !query.data ? (
                        "Failed to fetch orders"
                      ) : (
                        <div className="grid gap-1">
                          <span className="font-medium">No Live Orders</span>
                          <span className="text-muted-foreground">
                            No orders are currently being processed
                          </span>
                        </div>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </div>

        {pagination && pagination.totalOrders > 0 && (
          <p className="text-sm text-muted-foreground">
            Showing orders {first} to {last} of {pagination.totalOrders}
          </p>
        )}
        <Pager
          page={page}
          totalPages={totalPages}
          hasPreviousPage={pagination?.hasPreviousPage}
          hasNextPage={pagination?.hasNextPage}
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
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label={label} className="w-full min-w-24">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>{children}</SelectContent>
    </Select>
  );
}
