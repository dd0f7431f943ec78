import "server-only";
import { tooManyRequests } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { enqueueEmail } from "@/lib/mail/outbox";
import { kickOutbox } from "@/lib/messaging/outbox";
import { hit, type Limit } from "@/lib/rate-limit";
import { getCommunicationSettings } from "@/lib/settings/settings";
import type { ContactEmailInput } from "@/lib/validations/contact";

// The Contact Us e-mail form: every message is kept for the console's Messages inbox, and also
// sent to the school's support address through the outbox when one is set (decision 0023).

const CONTACT_LIMIT = { max: 5, windowSeconds: 60 * 60 };

const contactLimit = (userId: number): Limit => ({
  key: `contact:user:${userId}`,
  ...CONTACT_LIMIT,
});

/** Keeps the message and, with a support address (setting `supportEmail`), queues it there. */
export async function sendContactMessage(
  school: SchoolContext,
  actor: SessionUser,
  input: ContactEmailInput,
): Promise<{ message: string }> {
  // Counted before keeping, in one atomic step, so parallel requests cannot slip past the limit.
  const { count, retryAfter } = await hit(school.id, contactLimit(actor.id));
  if (count > CONTACT_LIMIT.max) throw tooManyRequests(retryAfter);
  const to = (await getCommunicationSettings(school)).supportEmail.trim();
  const db = await schoolDb(school.id);
  await db.$transaction(async (tx) => {
    await tx.contactMessage.create({
      data: {
        schoolId: school.id,
        userId: actor.id,
        name: input.name,
        email: input.email,
        text: input.message,
      },
    });
    if (to) {
      await enqueueEmail(
        {
          userId: actor.id,
          to,
          subject: `Portal message from ${actor.username}`,
          text: contactText(actor, input),
        },
        tx,
      );
    }
  });
  if (to) kickOutbox(school.id);
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
