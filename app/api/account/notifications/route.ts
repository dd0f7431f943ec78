import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { route } from "@/lib/api/handler";
import { getNotifications, saveNotifications } from "@/lib/messaging/account-notifications";
import { notificationsSchema } from "@/lib/validations/phone";

// GET /api/account/notifications — the caller's channels per kind of message (issue 48), the
// phone's state and the channels the school offers.
export const GET = route({ access: PARENT_OR_TEACHER }, async ({ school, user }) =>
  getNotifications(school, user),
);

// PUT /api/account/notifications — `{ channels: { reminders, payments, … } }`, each a list of
// "email" | "sms" | "whatsapp".
export const PUT = route(
  { access: PARENT_OR_TEACHER, body: notificationsSchema },
  async ({ school, user, body }) => saveNotifications(school, user, body),
);
