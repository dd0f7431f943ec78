import { z } from "zod";
import { MULTI_LINE, notAllowedMessage, SINGLE_LINE } from "@/lib/validations/text";

// Account credit (issue 17): an admin's adjustment and closing a day.

export const CREDIT_AMOUNT_MESSAGE =
  "Enter an amount other than zero with at most 2 decimals, e.g. 25.00 or -10.50";
export const CREDIT_REASON_MESSAGE = "Please give a reason (at most 200 characters)";
export const CLOSE_REASON_MESSAGE = "Please give a reason (at most 200 characters)";
/** The largest adjustment one request may make, in kwacha. */
export const CREDIT_ADJUSTMENT_MAX = 100_000;

const reason = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(200, message)
    .regex(SINGLE_LINE, notAllowedMessage("Reason"));

export const creditAdjustmentSchema = z.object({
  amount: z
    .union([z.string(), z.number()], { message: CREDIT_AMOUNT_MESSAGE })
    .transform((value) => (typeof value === "number" ? value.toFixed(2) : value.trim()))
    .pipe(
      z
        .string()
        .regex(/^-?\d{1,6}(?:\.\d{1,2})?$/, CREDIT_AMOUNT_MESSAGE)
        .refine((text) => Number(text) !== 0, CREDIT_AMOUNT_MESSAGE)
        .refine((text) => Math.abs(Number(text)) <= CREDIT_ADJUSTMENT_MAX, CREDIT_AMOUNT_MESSAGE),
    ),
  reason: reason(CREDIT_REASON_MESSAGE),
});

export type CreditAdjustmentInput = z.input<typeof creditAdjustmentSchema>;
export type CreditAdjustmentValues = z.output<typeof creditAdjustmentSchema>;

const dayFields = {
  weekNumber: z.coerce
    .number({ message: "Week must be a whole number" })
    .int("Week must be a whole number")
    .min(1, "Week must be between 1 and 6")
    .max(6, "Week must be between 1 and 6"),
  dayOfWeek: z.coerce
    .number({ message: "Day must be a whole number" })
    .int("Day must be a whole number")
    .min(1, "Day must be between 1 (Monday) and 5 (Friday)")
    .max(5, "Day must be between 1 (Monday) and 5 (Friday)"),
};

/** GET /api/order-cycles/{id}/close-day?weekNumber=&dayOfWeek= (the confirmation's numbers). */
export const closeDayQuerySchema = z.object(dayFields);

export const closeDaySchema = z.object({
  ...dayFields,
  reason: z
    .string({ message: CLOSE_REASON_MESSAGE })
    .trim()
    .min(1, CLOSE_REASON_MESSAGE)
    .max(200, CLOSE_REASON_MESSAGE)
    .regex(MULTI_LINE, notAllowedMessage("Reason")),
});

export type CloseDayInput = z.input<typeof closeDaySchema>;
export type CloseDayValues = z.output<typeof closeDaySchema>;
