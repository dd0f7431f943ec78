import { z } from "zod";
import {
  DECLINE_REASON_MAX,
  PAYOUT_METHOD_MAX,
  PAYOUT_REFERENCE_MAX,
  WITHDRAWAL_STATUSES,
} from "@/lib/contracts/withdrawals";
import { adminPageQuerySchema } from "@/lib/validations/payments-admin";
import {
  NUMBER_REQUIRED,
  NUMBER_UNKNOWN_OPERATOR,
  NUMBER_ZAMTEL,
  parseMobileNumber,
} from "@/lib/validations/mobile-number";
import { MULTI_LINE, notAllowedMessage, SINGLE_LINE } from "@/lib/validations/text";
import { positiveKwacha } from "@/lib/validations/wallet";

// The wallet's withdrawals (issue 47): the family's request, and the office's two decisions. The
// number is checked as the mobile-money payment checks it (lib/validations/mobile-number.ts), with
// the refusals worded for a payout instead of a payment.

export const PAYOUT_NUMBER_REQUIRED = "Please enter the mobile money number to be paid.";
export const PAYOUT_NUMBER_ZAMTEL =
  "Zamtel numbers cannot be paid by mobile money here yet. Please use an Airtel or MTN number.";
export const PAYOUT_NUMBER_UNKNOWN =
  "This number is not an Airtel (097, 077) or MTN (096, 076) number. Please check it.";

const PAYOUT_WORDING: Record<string, string> = {
  [NUMBER_REQUIRED]: PAYOUT_NUMBER_REQUIRED,
  [NUMBER_ZAMTEL]: PAYOUT_NUMBER_ZAMTEL,
  [NUMBER_UNKNOWN_OPERATOR]: PAYOUT_NUMBER_UNKNOWN,
};

/** A Zambian Airtel or MTN number in any common form, as its national form "0977123456". */
export const payoutNumber = z
  .string({ error: PAYOUT_NUMBER_REQUIRED })
  .max(40, "Mobile number is too long")
  .transform((value, ctx) => {
    const parsed = parseMobileNumber(value);
    if (parsed.ok) return parsed.number.national;
    ctx.addIssue({ code: "custom", message: PAYOUT_WORDING[parsed.error] ?? parsed.error });
    return z.NEVER;
  });

/** POST /api/account/withdraw. */
export const withdrawSchema = z.object({
  // A missing amount reads as any other unreadable one.
  amount: z.preprocess((value) => value ?? "", positiveKwacha),
  mobileNumber: payoutNumber,
});
export type WithdrawInput = z.output<typeof withdrawSchema>;

export const PAYOUT_METHOD_REQUIRED = "Say how the money was paid out";
export const DECLINE_REASON_REQUIRED = "Give the family a reason";

/** POST /api/refunds/withdrawals/{id}/pay. */
export const payoutSchema = z.object({
  method: z
    .string({ error: PAYOUT_METHOD_REQUIRED })
    .trim()
    .min(1, PAYOUT_METHOD_REQUIRED)
    .max(PAYOUT_METHOD_MAX, `The method must be at most ${PAYOUT_METHOD_MAX} characters`)
    .regex(SINGLE_LINE, notAllowedMessage("Method")),
  reference: z
    .string()
    .trim()
    .max(PAYOUT_REFERENCE_MAX, `The reference must be at most ${PAYOUT_REFERENCE_MAX} characters`)
    .regex(SINGLE_LINE, notAllowedMessage("Reference"))
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type PayoutInput = z.output<typeof payoutSchema>;

/** POST /api/refunds/withdrawals/{id}/decline. */
export const declineSchema = z.object({
  reason: z
    .string({ error: DECLINE_REASON_REQUIRED })
    .trim()
    .min(1, DECLINE_REASON_REQUIRED)
    .max(DECLINE_REASON_MAX, `The reason must be at most ${DECLINE_REASON_MAX} characters`)
    .regex(MULTI_LINE, notAllowedMessage("Reason")),
});
export type DeclineInput = z.output<typeof declineSchema>;

export const STATUS_FILTER_MESSAGE = 'Status must be "pending", "paid", "declined" or "all"';

/** GET /api/refunds/withdrawals?status=&page=. */
export const withdrawalsQuerySchema = adminPageQuerySchema.extend({
  status: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .enum([...WITHDRAWAL_STATUSES, "all"], STATUS_FILTER_MESSAGE)
      .optional()
      .transform((value) => value ?? "all"),
  ),
});
export type WithdrawalsQuery = z.output<typeof withdrawalsQuerySchema>;
