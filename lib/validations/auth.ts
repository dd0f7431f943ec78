import { z } from "zod";
import { PASSWORD_MAX } from "@/lib/validations/login";
import { newUsername, personName, singleLine } from "@/lib/validations/text";

// Shared by the forms (react-hook-form's zodResolver) and the route handlers. The messages are the
// spec's (spec 000 §5). Upper bounds and the character checks of text.ts keep hostile input out
// of the database (an e-mail's format admits no control character already; a password is only
// hashed, so it may hold any).

export const PASSWORD_MIN = 6;

const optionalLine = (label: string, max: number, message: string) =>
  z
    .string()
    .trim()
    .check(singleLine(label))
    .max(max, message)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

const optionalEmail = (message: string) =>
  z
    .string()
    .trim()
    .max(254, message)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email(message).optional());

/** A required name: "{label} is required", "{label} is too long". */
const name = (label: string, max: number) =>
  z
    .string()
    .trim()
    .check(personName(label))
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export { loginSchema, forgotPasswordSchema } from "@/lib/validations/login";
export type { LoginInput, ForgotPasswordInput } from "@/lib/validations/login";

/** What the registration form collects. */
export const registerFormSchema = z.object({
  username: z
    .string()
    .trim()
    .check(...newUsername())
    .min(1, "Username is required")
    .max(64, "Username is too long"),
  password: z
    .string()
    .min(PASSWORD_MIN, "Password must be at least 6 characters")
    .max(PASSWORD_MAX, "Password is too long"),
  firstName: name("First name", 60),
  lastName: name("Last name", 60),
  email: z.union([z.literal(""), z.email("Invalid email address").max(254)]).optional(),
  phone: z
    .string()
    .check(singleLine("Phone number"))
    .max(30, "Phone number is too long")
    .optional(),
});
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

/** The account the form sends: one name, empty e-mail and phone left out (spec 000 §3). */
export function toRegisterPayload(values: RegisterFormInput) {
  return {
    username: values.username.trim(),
    password: values.password,
    name: `${values.firstName} ${values.lastName}`.trim(),
    email: values.email?.trim() || undefined,
    phone: values.phone?.trim() || undefined,
  };
}

/** What POST /api/register accepts (the form joins first and last name). */
export const registerSchema = z.object({
  username: registerFormSchema.shape.username,
  password: registerFormSchema.shape.password,
  name: name("Name", 120),
  email: optionalEmail("Invalid email address"),
  phone: optionalLine("Phone number", 30, "Phone number is too long"),
});
export type RegisterInput = z.input<typeof registerSchema>;

const PASSWORD_PAIR_MESSAGE = "Password confirmation doesn't match or current password is required";

/** Profile Settings (spec 000 §5). Password fields are dropped when no new password is given. */
export const profileSchema = z
  .object({
    name: name("Name", 120),
    email: optionalEmail("Please enter a valid email address"),
    phone: optionalLine("Phone number", 30, "Phone number is too long"),
    currentPassword: z.string().max(PASSWORD_MAX).optional(),
    newPassword: z
      .union([
        z.literal(""),
        z.string().min(PASSWORD_MIN, "Password must be at least 6 characters").max(PASSWORD_MAX),
      ])
      .optional(),
    confirmPassword: z.string().max(PASSWORD_MAX).optional(),
    /** Order reminders before the cut-off (issue 19); left as it is when absent. */
    orderReminders: z.boolean({ error: "Order reminders must be on or off" }).optional(),
  })
  .refine((v) => !v.newPassword || (!!v.currentPassword && v.newPassword === v.confirmPassword), {
    message: PASSWORD_PAIR_MESSAGE,
    path: ["confirmPassword"],
  });
export type ProfileInput = z.input<typeof profileSchema>;
