import { route } from "@/lib/api/handler";
import { updateProfile } from "@/lib/users/profile";
import { profileSchema } from "@/lib/validations/auth";

// PUT /api/profile — name, e-mail, phone and optionally a new password.
export const PUT = route({ access: "user", body: profileSchema }, async ({ school, user, body }) =>
  updateProfile(school, user, body),
);
