import "server-only";
import { ApiError, tooManyRequests } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import { enqueueEmail, kickOutbox } from "@/lib/mail/outbox";
import { hit, type Limit } from "@/lib/rate-limit";
import { getCommunicationSettings } from "@/lib/settings/settings";
import type { ContactEmailInput } from "@/lib/validations/contact";

// The Contact Us e-mail form: one message to the school's support address, through the outbox.

export const CONTACT_UNAVAILABLE =
  "Messages cannot be sent right now. Please contact the school office.";
const CONTACT_LIMIT = { max: 5, windowSeconds: 60 * 60 };

const contactLimit = (userId: number): Limit => ({
  key: `contact:user:${userId}`,
  ...CONTACT_LIMIT,
});

/** Queues the message for the support address (communication setting `supportEmail`). */
export async function sendContactMessage(
  actor: SessionUser,
  input: ContactEmailInput,
): Promise<{ message: string }> {
  const { supportEmail } = await getCommunicationSettings();
  const to = supportEmail.trim();
  if (!to) throw new ApiError(503, CONTACT_UNAVAILABLE);
  // Counted before sending, in one atomic step, so parallel requests cannot slip past the limit.
  const { count, retryAfter } = await hit(contactLimit(actor.id));
  if (count > CONTACT_LIMIT.max) throw tooManyRequests(retryAfter);
  await enqueueEmail({
    to,
    subject: `Portal message from ${actor.username}`,
    text: contactText(actor, input),
  });
  kickOutbox();
  return { message: "Message sent" };
}

// The outbox has no Reply-To: the sender's address is in the text, and said to be the one to use.
function contactText(actor: SessionUser, input: ContactEmailInput): string {
  return [
    `${input.name} sent a message through the canteen portal.`,
    "",
    `Name: ${input.name}`,
    `E-mail: ${input.email}`,
    `Account: ${actor.username} (${actor.role}, id ${actor.id})`,
    `Account e-mail: ${actor.email ?? "none"}`,
    "",
    "Message:",
    input.message,
    "",
    `To answer, write to ${input.email}: replying to this e-mail does not reach the sender.`,
  ].join("\n");
}
