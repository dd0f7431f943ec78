import { z } from "zod";
import { CHANNELS } from "@/lib/contracts/notifications";
import { OUTBOX_STATES } from "@/lib/contracts/outbox";
import { adminPageQuerySchema } from "@/lib/validations/payments-admin";

// GET /api/outbox?channel=&state=&page= (issue 48, decision 0112): the Messages section's sent
// messages, filtered by channel and state ("all", or absent, for every one).

export const CHANNEL_FILTER_MESSAGE = 'Channel must be "email", "sms", "whatsapp" or "all"';
export const STATE_FILTER_MESSAGE =
  'State must be "queued", "sent", "delivered", "failed" or "all"';

const blankIsAbsent = (value: unknown) => (value === "" ? undefined : value);
const allWhenAbsent = <T extends string>(value: T | undefined) => value ?? "all";

export const outboxQuerySchema = adminPageQuerySchema.extend({
  channel: z.preprocess(
    blankIsAbsent,
    z
      .enum([...CHANNELS, "all"], CHANNEL_FILTER_MESSAGE)
      .optional()
      .transform(allWhenAbsent),
  ),
  state: z.preprocess(
    blankIsAbsent,
    z
      .enum([...OUTBOX_STATES, "all"], STATE_FILTER_MESSAGE)
      .optional()
      .transform(allWhenAbsent),
  ),
});
export type OutboxQuery = z.output<typeof outboxQuerySchema>;
