"use client";

import { CalendarPlus, CalendarX, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useSchoolBrand } from "@/components/school-brand";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { OrderCycleDto } from "@/lib/contracts";
import { CloseDayDialog } from "./close-day-dialog";
import { formatCalendarDate, formatInstantDate, lengthOf } from "./cycle-format";
import { useDeactivateCycle, type DeactivateQuestion } from "./use-cycle-queries";

/** When a next cycle opens for ordering, in words. */
function opensText(cycle: OrderCycleDto, timeZone: string): string {
  return Date.parse(cycle.orderingOpensAt) <= Date.now()
    ? "open for ordering now"
    : `ordering opens on ${formatInstantDate(cycle.orderingOpensAt, timeZone)}`;
}

/**
 * The Active Order Cycle card (spec 001 §2), with the next cycles created while it runs and the
 * question before deactivating a cycle that still has meals to serve (decision 0071).
 */
export function ActiveCycleCard({
  cycle,
  next = [],
  loading,
  onCreate,
}: {
  cycle: OrderCycleDto | null;
  next?: readonly OrderCycleDto[];
  loading: boolean;
  onCreate: () => void;
}) {
  const { timeZone } = useSchoolBrand();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [closingDay, setClosingDay] = useState(false);
  const [question, setQuestion] = useState<DeactivateQuestion | null>(null);
  const deactivate = useDeactivateCycle(setQuestion);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Active Order Cycle</CardTitle>
        <CardDescription>The cycle parents and teachers are ordering in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {loading ? (
          <p className="text-sm text-muted-foreground">Loading order cycles...</p>
        ) : cycle ? (
          <>
            <div className="grid gap-1">
              <p className="font-medium">
                Current {lengthOf(cycle)}-week cycle started on{" "}
                {formatCalendarDate(cycle.startDate)}
              </p>
              <p className="text-sm text-muted-foreground">
                Created on {formatInstantDate(cycle.createdAt, timeZone)}
              </p>
            </div>
            <div
              role="note"
              className="flex items-center gap-2 rounded-md border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm text-yellow-900 dark:border-yellow-700 dark:bg-yellow-950 dark:text-yellow-100"
            >
              <TriangleAlert aria-hidden className="size-4 shrink-0" />
              <span>
                {cycle.blockedDays.length} blocked {cycle.blockedDays.length === 1 ? "day" : "days"}{" "}
                in this cycle
              </span>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setClosingDay(true)}>
                <CalendarX aria-hidden /> Close a day
              </Button>
              <Button
                variant="destructive"
                disabled={deactivate.isPending}
                onClick={() => setConfirming(cycle.id)}
              >
                {deactivate.isPending ? "Deactivating..." : "Deactivate Current Cycle"}
              </Button>
              {next.length === 0 && (
                <Button variant="outline" onClick={onCreate}>
                  <CalendarPlus aria-hidden /> Create Next Cycle
                </Button>
              )}
            </div>
            {next.map((upcoming) => (
              <div key={upcoming.id} className="flex flex-wrap items-center gap-2 text-sm">
                <span>
                  Next {lengthOf(upcoming)}-week cycle starts on{" "}
                  {formatCalendarDate(upcoming.startDate)}, {opensText(upcoming, timeZone)}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={deactivate.isPending}
                  onClick={() => setConfirming(upcoming.id)}
                >
                  Deactivate Next Cycle
                </Button>
              </div>
            ))}
            <CloseDayDialog
              cycles={[cycle, ...next]}
              open={closingDay}
              onOpenChange={setClosingDay}
            />
          </>
        ) : (
          <>
            <p className="text-muted-foreground">
              No active order cycle. Create a new cycle to start accepting orders.
            </p>
            <div>
              <Button onClick={onCreate}>
                <CalendarPlus aria-hidden /> Create New Order Cycle
              </Button>
            </div>
          </>
        )}
      </CardContent>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Deactivate Current Cycle?"
        description="Parents and teachers will not be able to place orders until a cycle is created or reactivated."
        actionLabel="Deactivate"
        destructive
        onConfirm={() => confirming !== null && deactivate.mutate({ id: confirming, force: false })}
      />
      <ConfirmDialog
        open={question !== null}
        onOpenChange={(open) => !open && setQuestion(null)}
        title={`${question?.orderCount ?? 0} meals still to serve`}
        description={question?.message ?? ""}
        actionLabel="Deactivate anyway"
        destructive
        onConfirm={() => question && deactivate.mutate({ id: question.id, force: true })}
      />
    </Card>
  );
}
