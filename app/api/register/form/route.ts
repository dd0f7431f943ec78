import { clientAddress } from "@/lib/api/client-address";
import { answerFormPost } from "@/lib/api/form-post";
import { parseWith, route } from "@/lib/api/handler";
import { registerAccount } from "@/lib/users/accounts";
import { registerFormSchema, registerSchema, toRegisterPayload } from "@/lib/validations/auth";

// POST /api/register/form — the sign-up form posted before the page's scripts ran: the same
// account creation (limits included) as /api/register, answered with a redirect to "/" (signed
// in) or back to the sign-up form.
export const POST = route({ access: "public" }, async ({ req, school }) =>
  answerFormPost(req, "register", (form) =>
    registerAccount(
      school,
      parseWith(registerSchema, toRegisterPayload(parseWith(registerFormSchema, form))),
      clientAddress(req.headers),
    ),
  ),
);
