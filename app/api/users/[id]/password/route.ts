import { z } from "zod";
import { parseWith, route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { ADMIN } from "@/lib/api/access";
import { assertMayChangePasswords, changeUserPassword } from "@/lib/users/user-password";
import { passwordChangeSchema } from "@/lib/validations/people";

// PUT /api/users/{id}/password — an admin with admins or parents_students sets a user's password
// and ends that user's sessions. The body is read after the feature check, so a refused admin
// learns nothing from validation messages.
export const PUT = route(
  { access: ADMIN, body: z.unknown() },
  async ({ school, user, params, body }) => {
    assertMayChangePasswords(user);
    const { password } = parseWith(passwordChangeSchema, body);
    return changeUserPassword(school, user, parseId(params.id), password);
  },
);
