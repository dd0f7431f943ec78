import "server-only";
import type { SchoolContext } from "@/lib/contracts/schools";
import type { Tx } from "@/lib/db";
import { enqueueEmail } from "@/lib/mail/outbox";
import { formatNgwee, fromNgwee, toNgwee } from "@/lib/money";
import { schoolToday, toIsoDate } from "@/lib/school-calendar";

// The wallet's low-balance message (issue 47): the parent sets a threshold; a spend that leaves
// the balance below it sends one e-mail, at most one per school day, in the spend's transaction.
// The spend's own lock on the account reads the setting (`watchColumns`), so a spend above the
// threshold costs no statement, and one below it two (the day's mark, the e-mail).

/** What the account's lock reads for it, as the lock statement names the columns. */
export type LowBalanceWatch = {
  name: string;
  email: string | null;
  threshold: string | null;
  notifiedOn: Date | null;
  /** The parent asked for an e-mail of each counter purchase (read by the counter's lock). */
  counterReceipts?: boolean;
};

/** After a spend under the account's lock: below the threshold, the day's one message. */
export async function noteLowBalance(
  tx: Tx,
  school: Pick<SchoolContext, "id" | "timeZone">,
  userId: number,
  watch: LowBalanceWatch,
  balanceNgwee: number,
): Promise<void> {
  if (watch.threshold === null || balanceNgwee >= toNgwee(watch.threshold)) return;
  const today = schoolToday(school.timeZone);
  if (watch.notifiedOn && toIsoDate(watch.notifiedOn) === today) return;
  const day = new Date(`${today}T00:00:00Z`);
  const { count } = await tx.user.updateMany({
    where: {
      schoolId: school.id,
      id: userId,
      OR: [{ lowBalanceNotifiedOn: null }, { lowBalanceNotifiedOn: { lt: day } }],
    },
    data: { lowBalanceNotifiedOn: day },
  });
  if (count === 0 || !watch.email) return;
  const balance = formatNgwee(balanceNgwee);
  await enqueueEmail(
    {
      userId,
      to: watch.email,
      subject: `Your canteen wallet is low: ${balance}`,
      text:
        `Hello ${watch.name},\n\nYour canteen wallet has ${balance} left, below the ` +
        `${formatNgwee(toNgwee(watch.threshold))} you asked us to tell you about.\n\n` +
        `You can top it up in Order History, by card or mobile money, without a fee.\n`,
    },
    tx,
  );
}

/** The threshold as the API shows it: 2 decimals, or null when off. */
export const thresholdOf = (value: { toFixed(digits: number): string } | null): string | null =>
  value === null ? null : fromNgwee(toNgwee(value.toFixed(2)));
