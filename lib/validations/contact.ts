import { z } from "zod";

// The "Send us an email" dialog (spec 000 §5), shared by the form and POST /api/contact/email.

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

const EMAIL_MESSAGE = "Please enter a valid email address";
const MESSAGE_TOO_SHORT = "Message must be at least 10 characters long";
// PostgreSQL refuses NUL in text; a message keeps its tabs and line breaks, a name keeps nothing.
const NAME_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const MESSAGE_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export const contactEmailSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(CONTACT_NAME_MAX, `Name must be at most ${CONTACT_NAME_MAX} characters`)
    .refine((v) => !NAME_CONTROL_CHARACTERS.test(v), "Name cannot contain control characters"),
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .max(254, EMAIL_MESSAGE)
    .pipe(z.email(EMAIL_MESSAGE)),
  message: z
    .string({ error: MESSAGE_TOO_SHORT })
    .transform((v) => v.replace(MESSAGE_CONTROL_CHARACTERS, "").trim())
    .pipe(
      z
        .string()
        .min(CONTACT_MESSAGE_MIN, MESSAGE_TOO_SHORT)
        .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters long`),
    ),
});
export type ContactEmailInput = z.infer<typeof contactEmailSchema>;
