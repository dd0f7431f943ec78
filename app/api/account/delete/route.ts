import { clientAddress } from "@/lib/api/client-address";
import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { route } from "@/lib/api/handler";
import { clearSessionCookie } from "@/lib/auth/session";
import { deleteAccount } from "@/lib/privacy/delete-account";
import { deleteAccountSchema } from "@/lib/validations/privacy";

// POST /api/account/delete — { password }: erases the parent's or teacher's account (issue 26).
export const POST = route(
  { access: PARENT_OR_TEACHER, body: deleteAccountSchema },
  async ({ req, school, user, body }) => {
    const answer = await deleteAccount(school, user, body.password, clientAddress(req.headers));
    await clearSessionCookie();
    return answer;
  },
);
