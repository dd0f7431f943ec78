import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { route } from "@/lib/api/handler";
import { confirmPhoneCode } from "@/lib/messaging/phone-verification";
import { phoneConfirmSchema } from "@/lib/validations/phone";

// POST /api/account/phone/confirm — `{ code }`: the texted code proves the number, which becomes
// the account's verified phone (issue 48); answers the account's message choices.
export const POST = route(
  { access: PARENT_OR_TEACHER, body: phoneConfirmSchema },
  async ({ school, user, body }) => confirmPhoneCode(school, user, body.code),
);
