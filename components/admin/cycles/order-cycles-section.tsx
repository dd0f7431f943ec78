"use client";

import { useState } from "react";
import { ActiveCycleCard } from "./active-cycle-card";
import { CreateCycleWizard } from "./create-cycle-wizard";
import { CycleHistoryCard } from "./cycle-history-card";
import { useCycleHistory, useCycles } from "./use-cycle-queries";
import { useAddressPage } from "@/components/admin/data-table/use-console-address";
import { useSchoolBrand } from "@/components/school-brand";
import type { OrderCycleDto } from "@/lib/contracts";
import { schoolToday } from "@/lib/school-calendar";

/**
 * The running cycle (the first active one not yet over, else the last active one) and the active
 * cycles after it (decision 0071: the next cycle may be created while the current one runs).
 */
export function splitActiveCycles(cycles: readonly OrderCycleDto[], today: string) {
  const active = cycles
    .filter((cycle) => cycle.isActive)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  const current = active.find((cycle) => cycle.endDate >= today) ?? active.at(-1) ?? null;
  return { current, next: active.filter((cycle) => cycle !== current) };
}

/**
 * The Order Cycles section of the admin console (spec 001 §2): the active cycle (deactivate, or
 * create through the four-step wizard) and the paged cycle history (reactivate when none is
 * active).
 */
export function OrderCyclesSection() {
  const { timeZone } = useSchoolBrand();
  const cycles = useCycles();
  const [page, setPage] = useAddressPage();
  const history = useCycleHistory(page);
  const [wizardOpen, setWizardOpen] = useState(false);
  const { current: active, next } = splitActiveCycles(
    cycles.data ?? [],
    schoolToday(timeZone, new Date()),
  );

  return (
    <div className="grid gap-6">
      <ActiveCycleCard
        cycle={active}
        next={next}
        loading={cycles.isPending}
        onCreate={() => setWizardOpen(true)}
      />
      {history.data && history.data.data.length > 0 && (
        <CycleHistoryCard
          history={history.data}
          page={page}
          onPageChange={setPage}
          canReactivate={!cycles.isPending && !cycles.isError && active === null}
        />
      )}
      <CreateCycleWizard open={wizardOpen} onOpenChange={setWizardOpen} running={active !== null} />
    </div>
  );
}
