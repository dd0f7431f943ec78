import { z } from "zod/mini";
import { singleLine } from "@/lib/validations/text";

// The login page's two forms (spec 000 §5), in `zod/mini`: the page a signed-out visitor downloads
// on a phone validates with a few kilobytes instead of zod's classic API. Shared, like every schema,
// by the form (react-hook-form's zodResolver) and the route handler; the messages are the spec's.
// On the server classic zod is loaded too, and its English messages apply to these as well.
//
// Signing in is a plain lookup: a username is refused only for control characters (a NUL would
// fail the query, and none belongs in a name), never for sign-up's newer rules (`@`, zero-width
// characters), so older accounts keep signing in. The password is only hashed and compared, never
// stored or searched as text, so it may hold any character.

/** The longest password any form or call accepts. */
export const PASSWORD_MAX = 200;

export const loginSchema = z.object({
  username: z
    .string()
    .check(
      z.trim(),
      singleLine("Username"),
      z.minLength(1, "Username is required"),
      z.maxLength(64, "Username is too long"),
    ),
  password: z
    .string()
    .check(
      z.minLength(1, "Password is required"),
      z.maxLength(PASSWORD_MAX, "Password is too long"),
    ),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({
  identifier: z
    .string()
    .check(
      z.trim(),
      singleLine("Username or email"),
      z.minLength(1, "Username or email is required"),
      z.maxLength(254, "Username or email is too long"),
    ),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
