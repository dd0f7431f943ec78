import { z } from "zod";
import { LIVE_STATUSES, RECOVERY_STATUSES } from "@/lib/contracts/payments";
import { freeText, singleLine } from "@/lib/validations/text";

// Live Orders and Order Recovery calls (spec 001 §3, §4, §7): the Live Orders filters, the status
// change, and the recovery retry. Shared by the handlers and the console screens.

export const LIVE_ORDERS_PAGE_SIZE = 50;
export const MAX_RECOVERY_ITEMS = 50;

const id = z.number().int().positive().max(2_147_483_647);

/** A filter the client sends only when filled in; "" or "all" means none. */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === "all" ? undefined : value), schema.optional());

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

const text = (max: number, label: string) =>
  z.string().trim().check(singleLine(label)).max(max, `${label} must be at most ${max} characters`);

export const liveOrdersQuerySchema = z.object({
  page: optionalFilter(wholeNumber("Page must be a positive whole number", 1, 1_000_000)).default(
    1,
  ),
  status: optionalFilter(z.enum(LIVE_STATUSES, { error: "Unknown payment status" })),
  /** A calendar date on the school's clock: the attempts created that day. */
  time: optionalFilter(
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Time must be a date (YYYY-MM-DD)"),
  ),
  parent: optionalFilter(text(100, "Parent")),
  student: optionalFilter(text(100, "Student")),
  items: optionalFilter(text(100, "Items")),
  amount: optionalFilter(
    z
      .string()
      .trim()
      .regex(/^\d{1,8}(?:\.\d{1,2})?$/, "Amount must be a number with up to 2 decimal places"),
  ),
  transactionId: optionalFilter(text(200, "Transaction ID")),
  week: optionalFilter(wholeNumber("Week must be between 1 and 6", 1, 6)),
  day: optionalFilter(wholeNumber("Day must be between 1 (Monday) and 5 (Friday)", 1, 5)),
});
export type LiveOrdersQuery = z.output<typeof liveOrdersQuerySchema>;

export const attemptStatusSchema = z.object({
  status: z.enum(LIVE_STATUSES, { error: "Unknown payment status" }),
});

export const failedOrdersQuerySchema = z.object({
  status: optionalFilter(z.enum(RECOVERY_STATUSES, { error: "Unknown recovery status" })),
});

/** Trimmed; absent or blank is null. */
const optional = (text: z.ZodString, max: number) =>
  text
    .max(max)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

export const recoveryItemSchema = z.object({
  menuItemId: id,
  studentId: id,
  weekNumber: z
    .number()
    .int()
    .min(1, "Week must be between 1 and 6")
    .max(6, "Week must be between 1 and 6"),
  dayOfWeek: z
    .number()
    .int()
    .min(1, "Day must be between 1 (Monday) and 5 (Friday)")
    .max(5, "Day must be between 1 (Monday) and 5 (Friday)"),
  category: optional(z.string().check(singleLine("Protein choice")), 100),
  sideDish: optional(z.string().check(singleLine("Side dish")), 200),
  comments: optional(z.string().check(...freeText("Special instructions", "contain")), 500),
  paymentStatus: z.literal("completed", { error: "paymentStatus must be completed" }),
  paymentProcessor: z.literal("DISCOUNT", { error: "paymentProcessor must be DISCOUNT" }),
  student: z
    .object({
      name: z.string().check(singleLine("Student name")).max(200),
      grade: z.string().check(singleLine("Grade")).max(40),
    })
    .optional(),
});
export type RecoveryItemInput = z.output<typeof recoveryItemSchema>;

/** The retry's body as the route reads it first: no cart items is the Live Orders retry. */
export const retryEnvelopeSchema = z.object({ cartItems: z.unknown().optional() });

export const recoveryRetrySchema = z.object({
  cartItems: z
    .array(recoveryItemSchema, { error: "cartItems must be a list of items" })
    .min(1, "At least one item is required")
    .max(MAX_RECOVERY_ITEMS, `At most ${MAX_RECOVERY_ITEMS} items can be recovered at once`),
});
export type RecoveryRetryInput = z.output<typeof recoveryRetrySchema>;
