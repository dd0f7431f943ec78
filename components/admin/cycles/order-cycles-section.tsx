"use client";

import { useState } from "react";
import { ActiveCycleCard } from "./active-cycle-card";
import { CreateCycleWizard } from "./create-cycle-wizard";
import { CycleHistoryCard } from "./cycle-history-card";
import { useCycleHistory, useCycles } from "./use-cycle-queries";
import { useAddressPage } from "@/components/admin/data-table/use-console-address";

/**
 * The Order Cycles section of the admin console (spec 001 §2): the active cycle (deactivate, or
 * create through the four-step wizard) and the paged cycle history (reactivate when none is
 * active).
 */
export function OrderCyclesSection() {
  const cycles = useCycles();
  const [page, setPage] = useAddressPage();
  const history = useCycleHistory(page);
  const [wizardOpen, setWizardOpen] = useState(false);
  const active = cycles.data?.find((cycle) => cycle.isActive) ?? null;

  return (
    <div className="grid gap-6">
      <ActiveCycleCard
        cycle={active}
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
      <CreateCycleWizard open={wizardOpen} onOpenChange={setWizardOpen} />
    </div>
  );
}
