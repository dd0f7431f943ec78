"use client";

import { useReducer, useState } from "react";
import { Button } from "@/components/ui/button";
import { Calendar } from "@/components/ui/calendar";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { cycleDayDate, cycleEndDate, parseIsoDate } from "@/lib/school-calendar";
import { cn } from "@/lib/utils";
import { blockedDayLabel, formatCalendarDate, sortBlockedDays } from "./cycle-format";
import { useCreateCycle, useCycleOverlap } from "./use-cycle-queries";
import {
  canAdvance,
  type CycleLength,
  initialWizardState,
  isMonday,
  STEP_TITLES,
  WIZARD_STEPS,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from "./wizard-state";
import { WEEKDAYS } from "@/lib/client/format";

const LENGTH_OPTIONS: { value: CycleLength; title: string; description: string }[] = [
  { value: 4, title: "4 Weeks", description: "Standard monthly cycle for regular meal planning" },
  { value: 6, title: "6 Weeks", description: "Extended cycle for longer term planning" },
];

/** The calendar's local-midnight Date for a YYYY-MM-DD date, and back, with no time zone shift. */
function toPickerDate(isoDate: string): Date | undefined {
  const date = parseIsoDate(isoDate);
  return date ? new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) : undefined;
}
function fromPickerDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const NOT_MONDAYS = { dayOfWeek: [0, 2, 3, 4, 5, 6] };

/** The four-step creation wizard (spec 001 §2): a dialog controlled by the section. */
export function CreateCycleWizard({
  open,
  onOpenChange,
  running = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A cycle is active: the new one is the next, opening on its start date unless asked now. */
  running?: boolean;
}) {
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const [openNow, setOpenNow] = useState(false);
  const close = () => {
    dispatch({ type: "reset" });
    setOpenNow(false);
    onOpenChange(false);
  };
  const create = useCreateCycle(close);
  const step = WIZARD_STEPS[state.step] ?? "cycle-length";
  const last = state.step === WIZARD_STEPS.length - 1;
  // Checked as soon as a length and a Monday are chosen; Next and Create wait for the answer, and
  // stay off while another cycle holds live orders on these dates (the server refuses them too).
  const overlap = useCycleOverlap(state.cycleLength, state.startDate);
  const overlapMessage = step === "cycle-length" ? null : (overlap.data?.message ?? null);
  const held = step !== "cycle-length" && (overlap.isFetching || overlapMessage !== null);

  function submit() {
    if (!state.cycleLength || !state.startDate || !isMonday(state.startDate)) return;
    create.mutate({
      startDate: state.startDate,
      cycleLength: state.cycleLength,
      blockedDays: sortBlockedDays(state.blockedDays),
      ...(running && { openOrdering: openNow ? "now" : "start-date" }),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) dispatch({ type: "reset" });
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create New Order Cycle</DialogTitle>
          <DialogDescription>
            Step {state.step + 1} of {WIZARD_STEPS.length}: {STEP_TITLES[step]}
          </DialogDescription>
        </DialogHeader>

        {step === "cycle-length" && <LengthStep state={state} dispatch={dispatch} />}
        {step === "start-date" && <StartDateStep state={state} dispatch={dispatch} />}
        {overlapMessage && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
          >
            {overlapMessage}
          </p>
        )}
        {step === "blocked-days" && <BlockedDaysStep state={state} dispatch={dispatch} />}
        {step === "review" && <ReviewStep state={state} />}
        {step === "review" && running && (
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={openNow}
              onChange={(event) => setOpenNow(event.target.checked)}
            />
            <span>
              Open for ordering now. Otherwise ordering opens on the start date; once it opens,
              parents order for this cycle instead of the current one.
            </span>
          </label>
        )}

        <DialogFooter className="sm:justify-between">
          <Button
            variant="outline"
            disabled={state.step === 0 || create.isPending}
            onClick={() => dispatch({ type: "back" })}
          >
            Back
          </Button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="ghost" disabled={create.isPending} onClick={close}>
              Cancel
            </Button>
            {last ? (
              <Button disabled={create.isPending || held} onClick={submit}>
                {create.isPending ? "Creating..." : "Create Cycle"}
              </Button>
            ) : (
              <Button
                disabled={!canAdvance(state) || held}
                onClick={() => dispatch({ type: "next" })}
              >
                Next
              </Button>
            )}
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

type StepProps = { state: WizardState; dispatch: (action: WizardAction) => void };

function LengthStep({ state, dispatch }: StepProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-2" role="group" aria-label="Cycle length">
      {LENGTH_OPTIONS.map((option) => {
        const chosen = state.cycleLength === option.value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={chosen}
            onClick={() => dispatch({ type: "length", cycleLength: option.value })}
            className={cn(
              "grid gap-1 rounded-lg border p-4 text-left transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
              chosen && "border-primary bg-primary/5 ring-1 ring-primary",
            )}
          >
            <span className="font-semibold">{option.title}</span>
            <span className="text-sm text-muted-foreground">{option.description}</span>
          </button>
        );
      })}
    </div>
  );
}

/** Step 2: only Mondays can be picked; a held non-Monday is called out. */
export function StartDateStep({ state, dispatch }: StepProps) {
  const selected = state.startDate ? toPickerDate(state.startDate) : undefined;
  return (
    <div className="grid justify-items-center gap-3">
      <Calendar
        mode="single"
        selected={selected}
        defaultMonth={selected}
        disabled={NOT_MONDAYS}
        onSelect={(date) => {
          if (date) dispatch({ type: "date", date: fromPickerDate(date) });
        }}
        className="rounded-md border"
      />
      {state.startDate && !isMonday(state.startDate) ? (
        <p role="alert" className="text-sm text-destructive">
          Please select a Monday as the start date.
        </p>
      ) : state.startDate ? (
        <p className="text-sm">
          Start date: <span className="font-medium">{formatCalendarDate(state.startDate)}</span>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">Cycles start on a Monday.</p>
      )}
    </div>
  );
}

function BlockedDaysStep({ state, dispatch }: StepProps) {
  const weeks = Array.from({ length: state.cycleLength ?? 4 }, (_, i) => i + 1);
  const chosen = sortBlockedDays(state.blockedDays);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Block days when the canteen is closed, such as holidays. This step is optional.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full border-separate border-spacing-1 text-sm">
          <thead>
            <tr>
              <th scope="col" className="sr-only">
                Week
              </th>
              {WEEKDAYS.map((day) => (
                <th key={day} scope="col" className="font-medium text-muted-foreground">
                  {day}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week}>
                <th scope="row" className="pr-2 text-left font-medium whitespace-nowrap">
                  Week {week}
                </th>
                {WEEKDAYS.map((dayName, index) => {
                  const day = index + 1;
                  const pressed = state.blockedDays.some(
                    (d) => d.weekNumber === week && d.dayOfWeek === day,
                  );
                  const date = state.startDate ? cycleDayDate(state.startDate, week, day) : null;
                  return (
                    <td key={dayName}>
                      <Button
                        type="button"
                        size="sm"
                        variant={pressed ? "destructive" : "outline"}
                        aria-pressed={pressed}
                        aria-label={blockedDayLabel({ weekNumber: week, dayOfWeek: day })}
                        className="w-full"
                        onClick={() =>
                          dispatch({ type: "toggle", weekNumber: week, dayOfWeek: day })
                        }
                      >
                        {date ? formatCalendarDate(date).split(" ").slice(1, 3).join(" ") : day}
                      </Button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <BlockedDayList days={chosen} empty="No days blocked." />
    </div>
  );
}

function BlockedDayList({
  days,
  empty,
}: {
  days: StepProps["state"]["blockedDays"];
  empty: string;
}) {
  if (days.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="grid gap-1">
      <p className="text-sm font-medium">Blocked days ({days.length})</p>
      <ul aria-label="Blocked days" className="flex flex-wrap gap-2 text-sm">
        {days.map((day) => (
          <li key={`${day.weekNumber}-${day.dayOfWeek}`} className="rounded-md bg-muted px-2 py-1">
            {blockedDayLabel(day)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReviewStep({ state }: { state: WizardState }) {
  const length = state.cycleLength ?? 4;
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Cycle length</dt>
        <dd className="font-medium">{length} weeks</dd>
        <dt className="text-muted-foreground">Start date</dt>
        <dd className="font-medium">{formatCalendarDate(state.startDate)}</dd>
        <dt className="text-muted-foreground">End date</dt>
        <dd className="font-medium">
          {state.startDate
            ? formatCalendarDate(cycleEndDate({ startDate: state.startDate, cycleLength: length }))
            : "No date"}
        </dd>
      </dl>
      <BlockedDayList days={sortBlockedDays(state.blockedDays)} empty="No blocked days." />
    </div>
  );
}
