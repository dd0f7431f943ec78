"use client";

import { ChevronDown } from "lucide-react";
import { useSchoolBrand } from "@/components/school-brand";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import {
  blockedDayLabel,
  formatCalendarDate,
  formatInstantDate,
  formatRevenue,
  lengthOf,
  sortBlockedDays,
  twinCreatedLabel,
} from "./cycle-format";
import { useReactivateCycle } from "./use-cycle-queries";
import { Pager } from "@/components/admin/data-table/pager";
import type { CycleHistoryEntry, CycleHistoryPage } from "@/lib/contracts/cycles";

/** The Order Cycle History card (spec 001 §2): shown by the section only when history exists. */
export function CycleHistoryCard({
  history,
  page,
  onPageChange,
  canReactivate,
}: {
  history: CycleHistoryPage;
  page: number;
  onPageChange: (page: number) => void;
  /** No cycle is active: each entry offers Reactivate This Cycle. */
  canReactivate: boolean;
}) {
  const { timeZone } = useSchoolBrand();
  const reactivate = useReactivateCycle();
  const { metadata } = history;
  const totalPages = Math.max(1, metadata.totalPages);
  const shownPage = metadata.page || page;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Order Cycle History</CardTitle>
        <CardDescription>Past and current cycles with their orders and revenue.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2" aria-label="Order cycle history">
          {history.data.map((entry) => (
            <HistoryEntry
              key={entry.id}
              entry={entry}
              twin={twinCreatedLabel(entry, history.data, timeZone)}
              canReactivate={canReactivate}
              pending={reactivate.isPending}
              onReactivate={() => reactivate.mutate(entry.cycleId)}
            />
          ))}
        </ul>
        <Pager
          page={shownPage}
          totalPages={totalPages}
          hasPreviousPage={metadata.hasPreviousPage}
          hasNextPage={metadata.hasNextPage && shownPage < totalPages}
          onPageChange={onPageChange}
          size="sm"
        />
      </CardContent>
    </Card>
  );
}

function HistoryEntry({
  entry,
  twin,
  canReactivate,
  pending,
  onReactivate,
}: {
  entry: CycleHistoryEntry;
  /** "created …" when another listed cycle has the same dates. */
  twin: string | null;
  canReactivate: boolean;
  pending: boolean;
  onReactivate: () => void;
}) {
  const { timeZone } = useSchoolBrand();
  const blocked = sortBlockedDays(entry.blockedDays ?? []);
  return (
    <li>
      <Collapsible className="rounded-md border">
        <div className="flex flex-wrap items-center gap-3 px-3 py-2">
          <CollapsibleTrigger asChild>
            <Button variant="ghost" className="group h-auto flex-1 justify-start px-2 py-1">
              <ChevronDown
                aria-hidden
                className="transition-transform group-data-[state=open]:rotate-180"
              />
              <span className="font-medium">
                {formatCalendarDate(entry.startDate)} to {formatCalendarDate(entry.endDate)}
              </span>
              {twin && <span className="text-sm text-muted-foreground">({twin})</span>}
              {entry.isActive && <Badge variant="success">Active</Badge>}
            </Button>
          </CollapsibleTrigger>
          <span className="text-sm">
            Total orders: <span className="font-medium">{entry.totalOrders}</span>
          </span>
          <span className="text-sm">
            Total revenue: <span className="font-medium">{formatRevenue(entry.totalRevenue)}</span>
          </span>
          {canReactivate && (
            <Button size="sm" variant="outline" disabled={pending} onClick={onReactivate}>
              Reactivate This Cycle
            </Button>
          )}
        </div>
        <CollapsibleContent className="border-t px-5 py-3 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
            <dt className="text-muted-foreground">Cycle length</dt>
            <dd>{lengthOf(entry)} weeks</dd>
            <dt className="text-muted-foreground">Created</dt>
            <dd>{formatInstantDate(entry.createdAt, timeZone)}</dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd>{entry.isActive ? "Active" : "Inactive"}</dd>
            <dt className="text-muted-foreground">Blocked days</dt>
            <dd>{blocked.length === 0 ? "None" : blocked.map(blockedDayLabel).join("; ")}</dd>
          </dl>
        </CollapsibleContent>
      </Collapsible>
    </li>
  );
}
