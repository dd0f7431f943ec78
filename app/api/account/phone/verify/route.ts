import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { route } from "@/lib/api/handler";
import { sendPhoneCode } from "@/lib/messaging/phone-verification";
import { phoneVerifySchema } from "@/lib/validations/phone";

// POST /api/account/phone/verify — `{ phone }`: texts a 6-digit code to the mobile number (issue 48).
export const POST = route(
  { access: PARENT_OR_TEACHER, body: phoneVerifySchema },
  async ({ school, user, body }) => sendPhoneCode(school, user, body.phone),
);
