import { route } from "@/lib/api/handler";
import { sendContactMessage } from "@/lib/contact/contact";
import { contactEmailSchema } from "@/lib/validations/contact";

// POST /api/contact/email — queues the message for the school's support address (5 an hour).
export const POST = route(
  { access: "user", body: contactEmailSchema },
  async ({ school, user, body }) => sendContactMessage(school, user, body),
);
