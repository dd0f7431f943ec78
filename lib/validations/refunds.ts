import { z } from "zod";
import { REFUND_METHODS, REFUND_NOTE_MAX, REFUND_REFERENCE_MAX } from "@/lib/contracts/refunds";
import { MULTI_LINE, notAllowedMessage, SINGLE_LINE } from "@/lib/validations/text";

// POST /api/refunds/{orderId}/complete (issue 25 part 3, issue 17): how the money went back. No
// body (or no method) marks the order refunded as the spec says, with no record.

export const REFUND_METHOD_MESSAGE = "Choose how the money went back";
export const REFUND_REFERENCE_MESSAGE = `The reference must be at most ${REFUND_REFERENCE_MAX} characters`;
export const REFUND_NOTE_MESSAGE = `The note must be at most ${REFUND_NOTE_MAX} characters`;

const optionalText = (max: number, message: string, pattern: RegExp, label: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .regex(pattern, notAllowedMessage(label))
    .nullish()
    .transform((value) => (value ? value : null));

export const refundCompleteSchema = z.object({
  method: z.enum(REFUND_METHODS, { message: REFUND_METHOD_MESSAGE }).optional(),
  reference: optionalText(REFUND_REFERENCE_MAX, REFUND_REFERENCE_MESSAGE, SINGLE_LINE, "Reference"),
  note: optionalText(REFUND_NOTE_MAX, REFUND_NOTE_MESSAGE, MULTI_LINE, "Note"),
});

export type RefundCompleteInput = z.input<typeof refundCompleteSchema>;
export type RefundCompleteValues = z.output<typeof refundCompleteSchema>;

// Issue 49: a refund through DPO (an amount, at most what is left) and a family leaving.
export const CARD_REFUND_AMOUNT_MESSAGE = "Enter an amount in kwacha, e.g. 36.50";
export const LEAVING_METHOD_MESSAGE = "Choose how the rest was paid back";

export const cardRefundSchema = z.object({
  amount: z
    .string({ message: CARD_REFUND_AMOUNT_MESSAGE })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, CARD_REFUND_AMOUNT_MESSAGE)
    .refine((value) => Number(value.replace(".", "")) > 0, CARD_REFUND_AMOUNT_MESSAGE),
});
export type CardRefundValues = z.output<typeof cardRefundSchema>;

/** How the part of a leaving family's credit that cannot go back to a card was paid. */
export const LEAVING_HAND_METHODS = ["cash", "mobile_money", "bank"] as const;

export const leavingSchema = z.object({
  familyId: z.number({ message: "Choose a family" }).int().positive("Choose a family"),
  method: z.enum(LEAVING_HAND_METHODS, { message: LEAVING_METHOD_MESSAGE }).optional(),
  reference: optionalText(REFUND_REFERENCE_MAX, REFUND_REFERENCE_MESSAGE, SINGLE_LINE, "Reference"),
  note: optionalText(REFUND_NOTE_MAX, REFUND_NOTE_MESSAGE, MULTI_LINE, "Note"),
});
export type LeavingInput = z.input<typeof leavingSchema>;
export type LeavingValues = z.output<typeof leavingSchema>;

/** POST /api/refunds/card-refunds/{id}/by-hand: how the office paid it back instead of DPO. */
export const cardRefundByHandSchema = refundCompleteSchema.extend({
  method: z.enum(REFUND_METHODS, { message: REFUND_METHOD_MESSAGE }),
  /** The office checked DPO's portal: needed after a call DPO never answered. */
  checkedDpo: z.boolean({ message: "checkedDpo must be true or false" }).optional(),
});
export type CardRefundByHandInput = z.input<typeof cardRefundByHandSchema>;
export type CardRefundByHandValues = z.output<typeof cardRefundByHandSchema>;
