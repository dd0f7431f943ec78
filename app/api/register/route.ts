import { clientAddress } from "@/lib/api/client-address";
import { route } from "@/lib/api/handler";
import { registerAccount } from "@/lib/users/accounts";
import { registerSchema } from "@/lib/validations/auth";

// POST /api/register — creates a parent account and signs it in.
export const POST = route(
  { access: "public", body: registerSchema },
  async ({ req, school, body }) => registerAccount(school, body, clientAddress(req.headers)),
);
