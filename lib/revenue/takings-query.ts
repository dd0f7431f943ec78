import { z } from "zod";
import { isTakingsLine, TAKINGS_LINES, TAKINGS_MAX_DAYS } from "@/lib/contracts/takings";
import { daysBetween } from "@/lib/revenue/takings-math";
import { parseIsoDate } from "@/lib/school-calendar";

// GET /api/revenue/takings?from=&to= and GET /api/revenue/takings/payments?from=&to=&line=&day=.
// Dates are the school's (YYYY-MM-DD), both included; absent means the school's today.

const isoDate = (label: string) =>
  z
    .string()
    .refine((value) => parseIsoDate(value) !== null, `${label} must be a date like 2026-11-30`)
    .optional();

const period = z.object({ from: isoDate("From"), to: isoDate("To") }).superRefine((value, ctx) => {
  if (!value.from || !value.to) return;
  const days = daysBetween(value.from, value.to);
  if (days === null)
    ctx.addIssue({ code: "custom", path: ["to"], message: "To must not be before From" });
  else if (days > TAKINGS_MAX_DAYS)
    ctx.addIssue({
      code: "custom",
      path: ["to"],
      message: `A period is at most ${TAKINGS_MAX_DAYS} days`,
    });
});

export const takingsQuerySchema = period;

export const takingsPaymentsQuerySchema = z
  .object({
    from: isoDate("From"),
    to: isoDate("To"),
    line: z
      .string()
      .refine(isTakingsLine, `Line must be one of ${TAKINGS_LINES.join(", ")}`)
      .optional(),
    day: isoDate("Day"),
  })
  .superRefine((value, ctx) => {
    const check = period.safeParse({ from: value.from, to: value.to });
    if (!check.success)
      for (const issue of check.error.issues) ctx.addIssue({ ...issue, code: "custom" });
  });
