import { clientAddress } from "@/lib/api/client-address";
import { route } from "@/lib/api/handler";
import { signIn } from "@/lib/users/sign-in";
import { loginSchema } from "@/lib/validations/auth";

// POST /api/login — username and password; answers the user and sets the session cookie.
export const POST = route({ access: "public", body: loginSchema }, async ({ req, school, body }) =>
  signIn(school, body, clientAddress(req.headers)),
);
