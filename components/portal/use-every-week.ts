"use client";

import { useState } from "react";
import { toastFailure, toastSuccess } from "@/components/notifications/toast";
import { repeatSummary, type RepeatOutcome } from "@/components/portal/repeat-note";
import {
  useActiveCycle,
  useCutoffTime,
  useMenu,
  useOrders,
  useStudents,
} from "@/components/portal/use-portal-queries";
import { readCart, writeCart } from "@/lib/client/cart-store";
import { planEveryWeek } from "@/lib/client/repeat-orders";
import type { CartItem } from "@/lib/contracts";
import { menuTypeForGrade } from "@/lib/school-calendar";

const TITLE = "Every week";

/**
 * The cart line's "Every week" (issue 19): the line copied to the same weekday of every remaining
 * week of the cycle, with the note of what was left out. `copy` is undefined until the menu, the
 * cycle, the cut-off and the orders are known.
 */
export function useEveryWeek(timeZone: string) {
  const menu = useMenu().data;
  const cycle = useActiveCycle().data;
  const cutoff = useCutoffTime().data;
  const orders = useOrders().data;
  const students = useStudents().data;
  const [outcome, setOutcome] = useState<RepeatOutcome | null>(null);

  const ready = menu && cycle && cutoff && orders;
  const copy = ready
    ? (line: CartItem) => {
        const cart = readCart();
        const allergies = students?.find((s) => s.id === line.studentId)?.allergies;
        const plan = planEveryWeek(
          { cycle, cutoff, timeZone, now: new Date(), orders, cart, menu },
          {
            ...line.student,
            menuType: menuTypeForGrade(line.student.grade),
            allergies,
          },
          line,
        );
        if (plan.added.length === 0 && plan.skipped.length === 0) {
          toastFailure(TITLE, "This is the last week of the order cycle");
          return;
        }
        if (plan.added.length > 0) {
          writeCart([...cart, ...plan.added]);
          toastSuccess("Added to Cart", repeatSummary(plan.added.length, plan.skipped));
        }
        setOutcome({
          title: `${TITLE}: ${line.menuItem.name}`,
          added: plan.added.length,
          skipped: plan.skipped,
        });
      }
    : undefined;

  return { copy, outcome, dismiss: () => setOutcome(null) };
}
