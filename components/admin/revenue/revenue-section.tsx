"use client";

import {
  CheckCircle2,
  Clock,
  Receipt,
  Users,
  Wallet,
  XCircle,
  type LucideIcon,
} from "lucide-react";
import { formatCalendarDate } from "@/components/admin/cycles/cycle-format";
import { ALL, FilterSelect } from "@/components/admin/data-table/filter-select";
import { exactAmount } from "@/components/admin/data-table/order-format";
import { useRevenueStats } from "@/components/admin/revenue/use-revenue-queries";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/client/api";
import type { RevenueBucket, RevenueCycleOption, RevenueStatsDto } from "@/lib/contracts/revenue";
import { formatRevenueAmount, percentOf, totalRevenue } from "@/lib/revenue/revenue-math";
import { useAddressValue } from "@/components/admin/data-table/use-console-address";
import { SettlementTab } from "@/components/admin/revenue/settlement-tab";
import { TakingsTab } from "@/components/admin/revenue/takings-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

// Revenue Stats (spec 001 §2, §7, §9): a period selector (All Time or one cycle) and the cards.
// Amounts in ZMW without decimals, rounded up; percentages of all orders with one decimal. The
// fetch is retried once on failure.

/** "Mon 7 Dec 2026 - Fri 1 Jan 2027 (Active)". */
export function cycleLabel(cycle: RevenueCycleOption): string {
  const dates = `${formatCalendarDate(cycle.startDate)} - ${formatCalendarDate(cycle.endDate)}`;
  return cycle.isActive ? `${dates} (Active)` : dates;
}

const VIEWS = ["stats", "takings", "settlement"] as const;

/**
 * Revenue Stats, with the office's books beside it (issue 49): the stats, the takings, and DPO's
 * settlement report matched; three tabs, the shown one in the address (`&view=takings`).
 */
export function RevenueStatsSection() {
  const [viewParam, setView] = useAddressValue("view", "stats");
  const view = (VIEWS as readonly string[]).includes(viewParam) ? viewParam : "stats";
  return (
    <Tabs value={view} onValueChange={setView} className="gap-4">
      <TabsList className="w-full justify-start sm:w-fit">
        <TabsTrigger value="stats">Stats</TabsTrigger>
        <TabsTrigger value="takings">Takings</TabsTrigger>
        <TabsTrigger value="settlement">Settlement</TabsTrigger>
      </TabsList>
      <TabsContent value="stats">
        <RevenueStats />
      </TabsContent>
      <TabsContent value="takings">
        <TakingsTab />
      </TabsContent>
      <TabsContent value="settlement">
        <SettlementTab />
      </TabsContent>
    </Tabs>
  );
}

function RevenueStats() {
  const [period, setPeriod] = useAddressValue("period", ALL);
  const stats = useRevenueStats(period);
  const cycles = stats.data?.cycles ?? [];

  return (
    <div className="grid gap-6">
      <div className="grid gap-2 sm:max-w-md">
        <Label htmlFor="revenue-period">Period</Label>
        <FilterSelect
          id="revenue-period"
          className="w-full"
          value={period}
          onChange={setPeriod}
          all="All Time"
          options={cycles.map((cycle) => ({ value: String(cycle.id), label: cycleLabel(cycle) }))}
        />
      </div>

      {stats.isError ? (
        <p role="alert" className="rounded-md border border-destructive/40 p-4 text-destructive">
          Error loading revenue stats: {errorMessage(stats.error, "Failed to fetch revenue stats")}
        </p>
      ) : stats.data ? (
        <RevenueCards stats={stats.data} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      )}
    </div>
  );
}

export function RevenueCards({ stats }: { stats: RevenueStatsDto }) {
  const total = stats.totalOrders;
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <FigureCard title="Total Orders" icon={Receipt} value={String(total)} />
        <FigureCard
          title="Completed Revenue"
          icon={Wallet}
          value={formatRevenueAmount(stats.netRevenue)}
          exact={stats.netRevenue}
          note="Completed orders"
        />
        <FigureCard
          title="Total Revenue"
          icon={Wallet}
          value={formatRevenueAmount(totalRevenue(stats.netRevenue, stats.pendingOrders.amount))}
          exact={totalRevenue(stats.netRevenue, stats.pendingOrders.amount)}
          note="Completed and pending orders"
        />
        <FigureCard title="Total Students" icon={Users} value={String(stats.totalStudents)} />
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        <StatusCard
          title="Completed"
          icon={CheckCircle2}
          tone="text-emerald-700"
          bucket={stats.completedOrders}
          total={total}
        />
        <StatusCard
          title="Cancelled"
          icon={XCircle}
          tone="text-destructive"
          bucket={stats.cancelledOrders}
          total={total}
        />
        <StatusCard
          title="Pending"
          icon={Clock}
          tone="text-amber-700"
          bucket={stats.pendingOrders}
          total={total}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FigureCard
          title="Credit Issued"
          icon={Wallet}
          value={formatRevenueAmount(stats.credit.issued)}
          exact={stats.credit.issued}
          note="Closed days, refunds and additions to account credit in this period"
        />
        <FigureCard
          title="Credit Outstanding"
          icon={Wallet}
          value={formatRevenueAmount(stats.credit.outstanding)}
          exact={stats.credit.outstanding}
          note="Held in parents' accounts now, not yet spent"
        />
      </div>
    </div>
  );
}

function FigureCard({
  title,
  icon: Icon,
  value,
  exact,
  note,
}: {
  title: string;
  icon: LucideIcon;
  value: string;
  /** The exact 2-decimal amount behind a whole-kwacha value: its tooltip (issue 44). */
  exact?: string;
  note?: string;
}) {
  return (
    <Card role="group" aria-label={title}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon aria-hidden className="size-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold tabular-nums" title={exact && exactAmount(exact)}>
          {value}
        </p>
        {note && <CardDescription>{note}</CardDescription>}
      </CardContent>
    </Card>
  );
}

function StatusCard({
  title,
  icon: Icon,
  tone,
  bucket,
  total,
}: {
  title: string;
  icon: LucideIcon;
  tone: string;
  bucket: RevenueBucket;
  total: number;
}) {
  return (
    <Card role="group" aria-label={title}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon aria-hidden className={`size-4 ${tone}`} />
      </CardHeader>
      <CardContent className="grid gap-1">
        <p className="text-2xl font-bold tabular-nums">
          {bucket.count} <span className="text-sm font-normal text-muted-foreground">orders</span>
        </p>
        <p className="tabular-nums" title={exactAmount(bucket.amount)}>
          {formatRevenueAmount(bucket.amount)}
        </p>
        <p className="text-sm text-muted-foreground tabular-nums">
          {percentOf(bucket.count, total)}% of total orders
        </p>
      </CardContent>
    </Card>
  );
}
