import { route } from "@/lib/api/handler";
import { listSentMessages } from "@/lib/messaging/sent-messages";
import { outboxQuerySchema } from "@/lib/validations/outbox";

// GET /api/outbox?channel=email|sms|whatsapp|all&state=queued|sent|delivered|failed|all&page= —
// every message the portal sent or is sending, newest first, 20 a page, with its state and the
// reason of a failure; a secret's text never (issue 48).
export const GET = route(
  { access: { feature: "messages" }, query: outboxQuerySchema },
  async ({ school, query }) => listSentMessages(school, query),
);
