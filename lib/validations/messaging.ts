import { z } from "zod";

// The school's messaging settings (issue 48): the SMS sender ID and whether SMS and WhatsApp are
// offered to its parents. Shared by PUT /api/settings/messaging (through lib/messaging/config.ts)
// and the admin's Settings card.

/** A sender ID: up to 11 letters, digits or spaces (alphanumeric), as the networks register. */
export const senderIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9 ]{1,11}$/, "A sender ID is 1 to 11 letters, digits or spaces");

/** An empty sender ID is none (the provider's default). */
const optionalSenderId = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : value),
  senderIdSchema.nullable(),
);

export const messagingSettingsSchema = z.object({
  senderId: optionalSenderId.default(null),
  sms: z.boolean().default(true),
  whatsapp: z.boolean().default(true),
});
export type MessagingSettingsInput = z.input<typeof messagingSettingsSchema>;
export type MessagingSettingsValues = z.output<typeof messagingSettingsSchema>;
