import { z } from "zod";

// The providers' callbacks (issue 48, ../shared/reference/messaging.md): Africa's Talking's
// delivery reports and opt-outs (form fields), WhatsApp's status webhook (JSON, read only after its
// signature was checked). Unknown fields are ignored: providers add some.

const field = (max: number) => z.string().trim().min(1).max(max);
const optionalField = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === "" ? undefined : v));

/** POST /api/webhooks/sms/africastalking/{secret}: one message's delivery report. */
export const smsReportSchema = z.object({
  id: field(200),
  /** Sent, Submitted, Buffered, then Success, Failed or Rejected. */
  status: field(40),
  phoneNumber: optionalField(40),
  networkCode: optionalField(20),
  failureReason: optionalField(200),
  retryCount: optionalField(10),
});
export type SmsReport = z.infer<typeof smsReportSchema>;

/** POST /api/webhooks/sms/africastalking/{secret}/opt-out: a number stopped a sender ID. */
export const smsOptOutSchema = z.object({
  senderId: optionalField(40),
  phoneNumber: field(40),
});
export type SmsOptOut = z.infer<typeof smsOptOutSchema>;

const statusSchema = z.object({
  id: field(300),
  /** sent, delivered, read or failed (others are ignored). */
  status: field(40),
  recipient_id: optionalField(40),
  timestamp: optionalField(20),
  errors: z
    .array(
      z.object({
        code: z.coerce.number().optional(),
        title: z.string().max(500).optional(),
        message: z.string().max(500).optional(),
      }),
    )
    .optional(),
});
export type WhatsAppStatus = z.infer<typeof statusSchema>;

/** POST /api/webhooks/whatsapp: the statuses of sent messages (incoming messages are ignored). */
export const whatsappWebhookSchema = z.object({
  object: z.string().optional(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().optional(),
              value: z.object({ statuses: z.array(statusSchema).max(1000).optional() }).optional(),
            }),
          )
          .default([]),
      }),
    )
    .max(1000)
    .default([]),
});
