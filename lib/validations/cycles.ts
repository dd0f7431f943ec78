import { z } from "zod";
import { parseIsoDate } from "@/lib/school-calendar";

// Order cycles (spec 001 §5, §9): the creation wizard and POST /api/order-cycles, and the paging of
// GET /api/order-cycles/history.

export const CYCLE_LENGTHS = [4, 6] as const;
/** When a new cycle opens for ordering: at once, or on its start date. */
export const OPEN_ORDERING = ["now", "start-date"] as const;
export const MISSING_CYCLE_INFORMATION = "Missing required information";
export const NOT_A_MONDAY = "Cycle must start on a Monday";
export const BLOCKED_DAY_OUTSIDE_CYCLE = "Blocked days must be weekdays (1-5) inside the cycle";

const missingOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === ""
    ? MISSING_CYCLE_INFORMATION
    : message;

const blockedDaySchema = z.object({
  weekNumber: z.number({ error: BLOCKED_DAY_OUTSIDE_CYCLE }).int(BLOCKED_DAY_OUTSIDE_CYCLE),
  dayOfWeek: z.number({ error: BLOCKED_DAY_OUTSIDE_CYCLE }).int(BLOCKED_DAY_OUTSIDE_CYCLE),
});

/** True when `value` is a real YYYY-MM-DD date that is a Monday (as a calendar date, zone-free). */
export function isMondayIso(value: string): boolean {
  return parseIsoDate(value)?.getUTCDay() === 1;
}

export const createCycleSchema = z
  .object({
    startDate: z
      .string({ error: missingOr("Start date must be a date (YYYY-MM-DD)") })
      .trim()
      .min(1, MISSING_CYCLE_INFORMATION),
    cycleLength: z.union([z.literal(4), z.literal(6)], {
      error: missingOr("Cycle length must be 4 or 6 weeks"),
    }),
    blockedDays: z
      .array(blockedDaySchema, { error: missingOr("Blocked days must be a list") })
      .max(30, BLOCKED_DAY_OUTSIDE_CYCLE),
    /**
     * When parents may order (decision 0071): "now", or on the start date; absent, at once when no
     * other cycle is active and on the start date otherwise.
     */
    openOrdering: z
      .enum(OPEN_ORDERING, { error: "Ordering opens now or on the start date" })
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (!parseIsoDate(input.startDate)) {
      ctx.addIssue({
        code: "custom",
        path: ["startDate"],
        message: "Start date must be a date (YYYY-MM-DD)",
      });
    } else if (!isMondayIso(input.startDate)) {
      ctx.addIssue({ code: "custom", path: ["startDate"], message: NOT_A_MONDAY });
    }
    const outside = input.blockedDays.some(
      (day) =>
        day.weekNumber < 1 ||
        day.weekNumber > input.cycleLength ||
        day.dayOfWeek < 1 ||
        day.dayOfWeek > 5,
    );
    if (outside) {
      ctx.addIssue({ code: "custom", path: ["blockedDays"], message: BLOCKED_DAY_OUTSIDE_CYCLE });
    }
  })
  .transform((input) => {
    // Deduplicated and in calendar order, so the stored list is canonical.
    const seen = new Set<string>();
    const blockedDays = input.blockedDays
      .filter((day) => {
        const key = `${day.weekNumber}-${day.dayOfWeek}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .sort((a, b) => a.weekNumber - b.weekNumber || a.dayOfWeek - b.dayOfWeek);
    return { ...input, blockedDays };
  });
export type CreateCycleInput = z.input<typeof createCycleSchema>;
export type CreateCycle = z.output<typeof createCycleSchema>;

const pageNumber = z
  .string()
  .regex(/^[1-9]\d{0,5}$/, "Page must be a positive whole number")
  .transform(Number);

export const cycleHistoryQuerySchema = z.object({ page: pageNumber.optional().default(1) });

/** GET /api/order-cycles/overlap: the start date and length a new cycle would have. */
export const cycleOverlapQuerySchema = z
  .object({
    startDate: z
      .string({ error: MISSING_CYCLE_INFORMATION })
      .trim()
      .min(1, MISSING_CYCLE_INFORMATION),
    cycleLength: z
      .enum(["4", "6"], { error: "Cycle length must be 4 or 6 weeks" })
      .transform(Number),
  })
  .superRefine((input, ctx) => {
    if (!isMondayIso(input.startDate)) {
      ctx.addIssue({ code: "custom", path: ["startDate"], message: NOT_A_MONDAY });
    }
  });
export type CycleOverlapQuery = z.output<typeof cycleOverlapQuerySchema>;
