import { clientAddress } from "@/lib/api/client-address";
import { answerFormPost } from "@/lib/api/form-post";
import { parseWith, route } from "@/lib/api/handler";
import { signIn } from "@/lib/users/sign-in";
import { loginSchema } from "@/lib/validations/auth";

// POST /api/login/form — the login form posted before the page's scripts ran: the same sign-in
// (limits included) as /api/login, answered with a redirect to "/" or back to the form.
export const POST = route({ access: "public" }, async ({ req, school }) =>
  answerFormPost(req, "login", (form) =>
    signIn(school, parseWith(loginSchema, form), clientAddress(req.headers)),
  ),
);
