import { z } from "zod";
import { PASSWORD_MAX } from "@/lib/validations/login";

// Delete my account (issue 26): the account's own password, as at sign-in.
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX, "Password is too long"),
});
