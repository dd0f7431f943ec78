import type { BlockedDay } from "@/lib/contracts";
import { mondayOf, parseIsoDate } from "@/lib/school-calendar";

// The creation wizard (spec 001 §2, §4): cycle-length → start-date → blocked-days → review, strict
// forward order, Back reverses, Cancel or close resets everything.

export const WIZARD_STEPS = ["cycle-length", "start-date", "blocked-days", "review"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const STEP_TITLES: Record<WizardStep, string> = {
  "cycle-length": "Choose Cycle Length",
  "start-date": "Select Start Date",
  "blocked-days": "Block Days (Optional)",
  review: "Review & Create",
};

export type CycleLength = 4 | 6;

export type WizardState = {
  step: number;
  cycleLength: CycleLength | null;
  startDate: string | null;
  blockedDays: BlockedDay[];
};

export const initialWizardState: WizardState = {
  step: 0,
  cycleLength: null,
  startDate: null,
  blockedDays: [],
};

export type WizardAction =
  | { type: "length"; cycleLength: CycleLength }
  | { type: "date"; date: string }
  | { type: "toggle"; weekNumber: number; dayOfWeek: number }
  | { type: "next" }
  | { type: "back" }
  | { type: "reset" };

export function isMonday(isoDate: string | null): boolean {
  if (!isoDate) return false;
  const date = parseIsoDate(isoDate);
  return date !== null && date.getUTCDay() === 1;
}

/** Whether Next may leave the current step. */
export function canAdvance(state: WizardState): boolean {
  switch (WIZARD_STEPS[state.step]) {
    case "cycle-length":
      return state.cycleLength !== null;
    case "start-date":
      return isMonday(state.startDate);
    case "blocked-days":
      return true;
    default:
      return false;
  }
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "length": {
      // A shorter cycle drops the blocked days of weeks it no longer has.
      const blockedDays = state.blockedDays.filter((d) => d.weekNumber <= action.cycleLength);
      return { ...state, cycleLength: action.cycleLength, blockedDays };
    }
    case "date": {
      if (!parseIsoDate(action.date)) return state;
      if (isMonday(action.date)) return { ...state, startDate: action.date };
      // A non-Monday is snapped to the Monday of its week, and the blocked days are cleared.
      return { ...state, startDate: mondayOf(action.date), blockedDays: [] };
    }
    case "toggle": {
      const { weekNumber, dayOfWeek } = action;
      const has = state.blockedDays.some(
        (d) => d.weekNumber === weekNumber && d.dayOfWeek === dayOfWeek,
      );
      const blockedDays = has
        ? state.blockedDays.filter(
            (d) => !(d.weekNumber === weekNumber && d.dayOfWeek === dayOfWeek),
          )
        : [...state.blockedDays, { weekNumber, dayOfWeek }];
      return { ...state, blockedDays };
    }
    case "next":
      return canAdvance(state)
        ? { ...state, step: Math.min(state.step + 1, WIZARD_STEPS.length - 1) }
        : state;
    case "back":
      return { ...state, step: Math.max(state.step - 1, 0) };
    case "reset":
      return initialWizardState;
  }
}
