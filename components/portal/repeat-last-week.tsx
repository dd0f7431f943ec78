"use client";

import { Repeat } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { toastFailure, toastSuccess } from "@/components/notifications/toast";
import { loadRepeatPlanning } from "@/components/portal/lazy-offline";
import type { RepeatOutcome } from "@/components/portal/repeat-note";
import { useOrderCycles } from "@/components/portal/use-portal-queries";
import { Button } from "@/components/ui/button";
import { readCart, writeCart } from "@/lib/client/cart-store";
import type { CalendarContext } from "@/lib/client/day-state";
import type { RepeatStudent } from "@/lib/client/repeat-orders";

const TITLE = "Repeat last week";
const LOAD_FAILED = "Could not load this feature. Please check your connection and try again.";

// The planning and its note are not part of the calendar's first paint: fetched on the first press
// (and once the page is idle, for offline use: prefetchForOffline in lazy-offline.tsx).
const LazyRepeatNote = dynamic(() => loadRepeatPlanning().then((m) => m.RepeatNote));

// "Repeat last week" in the Menu Calendar (issue 19): the child's meals of the most recent week
// with orders go into the cart on the same weekdays of the week on screen; the note says which
// were left out and why. Checkout asks the server again.
export function RepeatLastWeek({
  ctx,
  student,
  weekNumber,
}: {
  ctx: CalendarContext;
  student: RepeatStudent;
  weekNumber: number;
}) {
  const cycles = useOrderCycles();
  const [outcome, setOutcome] = useState<RepeatOutcome | null>(null);

  async function repeat() {
    const { planRepeatLastWeek, repeatSummary } = await loadRepeatPlanning();
    const cart = readCart();
    const plan = planRepeatLastWeek(
      { ...ctx, cart, now: new Date(), cycles: cycles.data ?? [] },
      student,
      weekNumber,
    );
    if (!plan.sourceWeekFound) {
      setOutcome(null);
      toastFailure(TITLE, `${student.name} has no earlier week with meals to repeat`);
      return;
    }
    if (plan.added.length > 0) writeCart([...cart, ...plan.added]);
    setOutcome({ title: TITLE, added: plan.added.length, skipped: plan.skipped });
    if (plan.added.length > 0) {
      toastSuccess("Added to Cart", repeatSummary(plan.added.length, plan.skipped));
    }
  }

  return (
    <div className="grid gap-2">
      <div>
        <Button
          variant="outline"
          onClick={() => void repeat().catch(() => toastFailure(TITLE, LOAD_FAILED))}
          disabled={cycles.isPending}
        >
          <Repeat aria-hidden /> {TITLE}
        </Button>
      </div>
      {outcome && (
        <LazyRepeatNote
          outcome={outcome}
          startDate={ctx.cycle.startDate}
          onClose={() => setOutcome(null)}
        />
      )}
    </div>
  );
}
