import { route } from "@/lib/api/handler";
import { listContactMessages } from "@/lib/contact/messages";
import { adminPageQuerySchema } from "@/lib/validations/payments-admin";

// GET /api/contact/messages?page= — the kept Contact Us messages, newest first, 20 a page.
export const GET = route(
  { access: { feature: "messages" }, query: adminPageQuerySchema },
  async ({ school, query }) => listContactMessages(school, query.page),
);
