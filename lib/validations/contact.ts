import { z } from "zod";
import { freeText, personName } from "@/lib/validations/text";

// The "Send us an email" dialog (spec 000 §5), shared by the form and POST /api/contact/email.

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

const EMAIL_MESSAGE = "Please enter a valid email address";
const MESSAGE_TOO_SHORT = "Message must be at least 10 characters long";

export const contactEmailSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .check(personName("Name"))
    .min(1, "Name is required")
    .max(CONTACT_NAME_MAX, `Name must be at most ${CONTACT_NAME_MAX} characters`),
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .max(254, EMAIL_MESSAGE)
    .pipe(z.email(EMAIL_MESSAGE)),
  message: z
    .string({ error: MESSAGE_TOO_SHORT })
    // Control characters are refused like every other field's, not silently stripped.
    .check(...freeText("Message"))
    .trim()
    .min(CONTACT_MESSAGE_MIN, MESSAGE_TOO_SHORT)
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters long`),
});
export type ContactEmailInput = z.infer<typeof contactEmailSchema>;

/** PUT /api/contact/messages/{id}: mark a message handled or unread again. */
export const contactMessageUpdateSchema = z.object({
  handled: z.boolean({ error: "Handled must be true or false" }),
});
export type ContactMessageUpdate = z.infer<typeof contactMessageUpdateSchema>;
