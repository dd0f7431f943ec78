import { clientAddress } from "@/lib/api/client-address";
import { route } from "@/lib/api/handler";
import { requestPasswordReset } from "@/lib/users/accounts";
import { forgotPasswordSchema } from "@/lib/validations/auth";

// POST /api/auth/forgot-password — same answer whether or not the account exists.
export const POST = route(
  { access: "public", body: forgotPasswordSchema },
  async ({ req, school, body }) => requestPasswordReset(school, body, clientAddress(req.headers)),
);
