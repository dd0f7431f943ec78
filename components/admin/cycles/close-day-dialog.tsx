"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toastError } from "@/components/notifications/toast";
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
import { cycleDayDate } from "@/lib/school-calendar";
import { closeDaySchema, type CloseDayInput, type CloseDayValues } from "@/lib/validations/credit";
import { formatCalendarDate, lengthOf } from "./cycle-format";
import { closeDayPreview, useCloseDay } from "./use-cycle-queries";

// "Close a day" on the active cycle (issue 17): choose the day and the reason, then a confirmation
// that says how many orders it cancels and how much credit it gives before anything changes.

function openDays(cycle: OrderCycleDto) {
  const days = [];
  for (let week = 1; week <= lengthOf(cycle); week++) {
    for (let day = 1; day <= 5; day++) {
      const blocked = cycle.blockedDays.some((b) => b.weekNumber === week && b.dayOfWeek === day);
      if (!blocked) days.push({ weekNumber: week, dayOfWeek: day });
    }
  }
  return days;
}

const dayLabel = (cycle: OrderCycleDto, week: number, day: number) =>
  `W${week} ${weekdayName(day).slice(0, 3)}, ${formatCalendarDate(cycleDayDate(cycle.startDate, week, day))}`;

export function CloseDayDialog({
  cycle,
  open,
  onOpenChange,
}: {
  cycle: OrderCycleDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const days = openDays(cycle);
  const first = days[0] ?? { weekNumber: 1, dayOfWeek: 1 };
  const form = useForm<CloseDayInput, unknown, CloseDayValues>({
    resolver: zodResolver(closeDaySchema),
    defaultValues: { ...first, reason: "" },
  });
  const [review, setReview] = useState<{ values: CloseDayValues; preview: CloseDayAnswer } | null>(
    null,
  );
  const [checking, setChecking] = useState(false);
  const close = () => {
    setReview(null);
    form.reset({ ...first, reason: "" });
    onOpenChange(false);
  };
  const closeDay = useCloseDay(close);

  const submit = form.handleSubmit(async (values) => {
    setChecking(true);
    try {
      setReview({ values, preview: await closeDayPreview(cycle.id, values) });
    } catch (error) {
      toastError(error, "Failed to check the day's orders");
    } finally {
      setChecking(false);
    }
  });

  const chosen = review?.values;
  return (
    <>
      <FormDialog
        open={open && review === null}
        onOpenChange={(next) => !next && close()}
        title="Close a day"
        description="Every order of the day is cancelled, what parents paid becomes account credit, and each parent is e-mailed."
        form={form}
        onSubmit={submit}
        pending={checking}
        submitLabel="Review"
        pendingLabel="Checking..."
      >
        <LabelledField
          control={form.control}
          name="weekNumber"
          label="Day to close"
          render={(field) => (
            <FormControl>
              <select
                className={selectTriggerClassName}
                value={`${String(field.value)}-${String(form.getValues("dayOfWeek"))}`}
                onChange={(event) => {
                  const [week, day] = event.target.value.split("-").map(Number);
                  field.onChange(week);
                  form.setValue("dayOfWeek", day ?? 1);
                }}
              >
                {days.map((d) => (
                  <option
                    key={`${d.weekNumber}-${d.dayOfWeek}`}
                    value={`${d.weekNumber}-${d.dayOfWeek}`}
                  >
                    {dayLabel(cycle, d.weekNumber, d.dayOfWeek)}
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

      <AlertDialog open={open && review !== null} onOpenChange={(next) => !next && close()}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              Close {chosen ? dayLabel(cycle, chosen.weekNumber, chosen.dayOfWeek) : "the day"}?
            </AlertDialogTitle>
            <AlertDialogDescription>
              {review && review.preview.cancelledCount === 0
                ? "No orders are placed for this day. It is blocked so nobody can order it."
                : review &&
                  `This cancels ${review.preview.cancelledCount} ${review.preview.cancelledCount === 1 ? "order" : "orders"} and credits ${formatZmw(review.preview.creditedTotal)} to parents' accounts. Each parent is e-mailed. This cannot be undone.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => setReview(null)}>Back</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: "destructive" })}
              disabled={closeDay.isPending}
              onClick={(event) => {
                event.preventDefault();
                if (chosen) closeDay.mutate({ cycleId: cycle.id, ...chosen });
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
