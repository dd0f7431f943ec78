// What the tests of each kind of message share (issue 48): the SMS and WhatsApp providers
// configured for one test file, a parent whose phone is verified and whose choice of channels is
// saved, and the outbox rows written for an account.
import type { Channel, MessageKind } from "@/lib/contracts/notifications";
import { addStudent, signedUpParent } from "@/tests/support/fixtures";
import { enableMessagingChannels } from "@/tests/support/messaging-env";
import { key, testDb } from "@/tests/support/school";

/** The number every test parent proved (an Airtel Zambia number in international form). */
export const PHONE = "+260977123456";

/**
 * Africa's Talking and WhatsApp's Cloud API configured for this test file, at a closed local port:
 * these tests read the outbox, they send nothing. Call it at the top of the file.
 */
export const configureMessagingEnv = enableMessagingChannels;

export type Choice = Partial<Record<MessageKind, Channel[]>>;

/**
 * A parent signed up through the API (with an e-mail address), one child, the phone proved and the
 * channels chosen, written straight to the account's columns as the preferences screen would.
 */
export async function phoneParent(
  choice: Choice | null,
  options: { childName?: string; counterReceipts?: boolean; phone?: boolean } = {},
) {
  const parent = await signedUpParent();
  const child = await addStudent(parent.id, options.childName ?? "Chilufya Mwansa-Mulenga", "4");
  const db = await testDb();
  await db.user.update({
    where: key(parent.id),
    data: {
      ...(options.phone === false ? {} : { phone: PHONE, phoneVerifiedAt: new Date() }),
      ...(choice ? { notificationChannels: choice } : {}),
      ...(options.counterReceipts ? { counterReceipts: true } : {}),
    },
  });
  return { ...parent, child };
}
export type PhoneParent = Awaited<ReturnType<typeof phoneParent>>;

export type OutboxRow = {
  channel: Channel;
  kind: string | null;
  to: string;
  subject: string;
  text: string;
  template: unknown;
  nextAttemptAt: Date;
};

/** The account's outbox rows of one kind (every kind without it), oldest first. */
export async function outboxOf(userId: number, kind?: MessageKind): Promise<OutboxRow[]> {
  const db = await testDb();
  return db.emailOutbox.findMany({
    where: { userId, ...(kind ? { kind } : {}) },
    orderBy: { id: "asc" },
    select: {
      channel: true,
      kind: true,
      to: true,
      subject: true,
      text: true,
      template: true,
      nextAttemptAt: true,
    },
  });
}

/** The channels of the account's rows of `kind`, in the order they were written. */
export async function channelsOf(userId: number, kind: MessageKind): Promise<Channel[]> {
  return (await outboxOf(userId, kind)).map((row) => row.channel);
}
