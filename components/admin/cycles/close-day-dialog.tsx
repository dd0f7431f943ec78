"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toastError } from "@/components/notifications/toast";
import { useSchoolBrand } from "@/components/school-brand";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { buttonVariants } from "@/components/ui/button";
import { FormControl } from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { LabelledField, TextareaField } from "@/components/ui/form-fields";
import { selectTriggerClassName } from "@/components/ui/select-trigger-style";
import { weekdayName } from "@/lib/client/format";
import type { OrderCycleDto } from "@/lib/contracts";
import type { CloseDayAnswer } from "@/lib/contracts/credit";
import { formatZmw } from "@/lib/money";
import { cycleDayDate, schoolToday } from "@/lib/school-calendar";
import { closeDaySchema, type CloseDayInput, type CloseDayValues } from "@/lib/validations/credit";
import { formatCalendarDate, lengthOf } from "./cycle-format";
import { closeDayPreview, useCloseDay } from "./use-cycle-queries";

// "Close a day" on the active cycle (issue 17): choose the day and the reason, then a confirmation
// that says how many orders it cancels and how much credit it gives before anything changes.
// Issue 44 §8: only days still to come are offered (today included, on the school's clock), of the
// running cycle and any next one, soonest first and the soonest chosen; Back from the confirmation
// returns to the form as it was left.

/** A day the office may close: its cycle, week and day, and its date. */
export type DayToClose = { cycleId: number; weekNumber: number; dayOfWeek: number; date: string };

/** The days of these cycles from `today` on that are not closed yet, soonest first. */
export function daysToClose(cycles: readonly OrderCycleDto[], today: string): DayToClose[] {
  const days: DayToClose[] = [];
  for (const cycle of cycles) {
    for (let week = 1; week <= lengthOf(cycle); week++) {
      for (let day = 1; day <= 5; day++) {
        const date = cycleDayDate(cycle.startDate, week, day);
        const blocked = cycle.blockedDays.some((b) => b.weekNumber === week && b.dayOfWeek === day);
        if (!blocked && date >= today) {
          days.push({ cycleId: cycle.id, weekNumber: week, dayOfWeek: day, date });
        }
      }
    }
  }
  return days.sort((a, b) => a.date.localeCompare(b.date) || a.cycleId - b.cycleId);
}

/** The option's value; the form's week and day are its input type (unknown until parsed). */
const dayKey = (d: { cycleId: number; weekNumber: unknown; dayOfWeek: unknown }) =>
  `${d.cycleId}-${String(d.weekNumber)}-${String(d.dayOfWeek)}`;

/** "W1 Tue, Tue 8 Dec 2026", and " (next cycle)" for a day of a cycle after the running one. */
const dayLabel = (d: DayToClose, runningId: number | undefined) =>
  `W${d.weekNumber} ${weekdayName(d.dayOfWeek).slice(0, 3)}, ${formatCalendarDate(d.date)}` +
  (d.cycleId === runningId ? "" : " (next cycle)");

/** `cycles`: the running cycle first, then the next ones (all active). */
export function CloseDayDialog({
  cycles,
  open,
  onOpenChange,
}: {
  cycles: readonly OrderCycleDto[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Mounted while open: each opening starts from the soonest day and an empty reason, and the two
  // steps share one form, so Back finds it as it was left.
  return open ? <CloseDaySteps cycles={cycles} onClose={() => onOpenChange(false)} /> : null;
}

function CloseDaySteps({
  cycles,
  onClose,
}: {
  cycles: readonly OrderCycleDto[];
  onClose: () => void;
}) {
  const { timeZone } = useSchoolBrand();
  const [today] = useState(() => schoolToday(timeZone, new Date()));
  const days = daysToClose(cycles, today);
  const first = days[0];
  const form = useForm<CloseDayInput, unknown, CloseDayValues>({
    resolver: zodResolver(closeDaySchema),
    defaultValues: {
      weekNumber: first?.weekNumber ?? 1,
      dayOfWeek: first?.dayOfWeek ?? 1,
      reason: "",
    },
  });
  const [cycleId, setCycleId] = useState(first?.cycleId ?? null);
  const [review, setReview] = useState<{
    day: DayToClose;
    values: CloseDayValues;
    preview: CloseDayAnswer;
  } | null>(null);
  const [checking, setChecking] = useState(false);
  const closeDay = useCloseDay(onClose);

  const submit = form.handleSubmit(async (values) => {
    const day = days.find((d) => dayKey(d) === dayKey({ cycleId: cycleId ?? 0, ...values }));
    if (!day) return;
    setChecking(true);
    try {
      setReview({ day, values, preview: await closeDayPreview(day.cycleId, values) });
    } catch (error) {
      toastError(error, "Failed to check the day's orders");
    } finally {
      setChecking(false);
    }
  });

  const chosen = review?.day;
  return (
    <>
      <FormDialog
        open={review === null}
        onOpenChange={(next) => !next && onClose()}
        title="Close a day"
        description="Every order of the day is cancelled, what parents paid becomes account credit, and each parent is e-mailed."
        form={form}
        onSubmit={submit}
        pending={checking}
        submitLabel="Review"
        pendingLabel="Checking..."
      >
        {days.length === 0 && (
          <p className="text-sm text-muted-foreground">No days are left to close in this cycle.</p>
        )}
        <LabelledField
          control={form.control}
          name="weekNumber"
          label="Day to close"
          render={(field) => (
            <FormControl>
              <select
                className={selectTriggerClassName}
                value={dayKey({
                  cycleId: cycleId ?? 0,
                  weekNumber: field.value,
                  dayOfWeek: form.getValues("dayOfWeek"),
                })}
                onChange={(event) => {
                  const picked = days.find((d) => dayKey(d) === event.target.value);
                  if (!picked) return;
                  setCycleId(picked.cycleId);
                  field.onChange(picked.weekNumber);
                  form.setValue("dayOfWeek", picked.dayOfWeek);
                }}
              >
                {days.map((d) => (
                  <option key={dayKey(d)} value={dayKey(d)}>
                    {dayLabel(d, cycles[0]?.id)}
                  </option>
                ))}
              </select>
            </FormControl>
          )}
        />
        <TextareaField
          control={form.control}
          name="reason"
          label="Reason (sent to parents)"
          placeholder="e.g. Public holiday declared"
          rows={2}
          maxLength={200}
        />
      </FormDialog>

      <AlertDialog open={review !== null} onOpenChange={(next) => !next && onClose()}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              Close {chosen ? dayLabel(chosen, cycles[0]?.id) : "the day"}?
            </AlertDialogTitle>
            <AlertDialogDescription>
              {review && review.preview.cancelledCount === 0
                ? "No orders are placed for this day. It is blocked so nobody can order it."
                : review &&
                  `This cancels ${review.preview.cancelledCount} ${review.preview.cancelledCount === 1 ? "order" : "orders"} and credits ${formatZmw(review.preview.creditedTotal)} to parents' accounts. Each parent is e-mailed. This cannot be undone.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel
              onClick={(event) => {
                // Back to the form as it was left, not out of the dialog.
                event.preventDefault();
                setReview(null);
              }}
            >
              Back
            </AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: "destructive" })}
              disabled={closeDay.isPending}
              onClick={(event) => {
                event.preventDefault();
                if (review) closeDay.mutate({ cycleId: review.day.cycleId, ...review.values });
              }}
            >
              {closeDay.isPending ? "Closing..." : "Close the day"}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
