import "server-only";
import type { Channel } from "@/lib/contracts/notifications";
import type { SchoolContext } from "@/lib/contracts/schools";
import type { Tx } from "@/lib/db";
import { formatNgwee, fromNgwee, toNgwee } from "@/lib/money";
import { notify } from "@/lib/messaging/notify";
import type { RecipientPrefs } from "@/lib/messaging/preferences";
import { lowBalanceTexts } from "@/lib/messaging/templates/wallet";
import { schoolToday, toIsoDate } from "@/lib/school-calendar";

// The wallet's low-balance message (issue 47): the parent sets a threshold; a spend that leaves
// the balance below it sends one message, at most one per school day, in the spend's transaction.
// The spend's own lock on the account reads the setting and the account's message columns (issue
// 48: the watch columns and `recipientColumns`), so a spend above the threshold costs no
// statement, and one below it two or more (the day's mark, one row per channel the parent chose).

/** What the account's lock reads for it, as the lock statement names the columns. */
export type LowBalanceWatch = RecipientPrefs & {
  name: string;
  threshold: string | null;
  notifiedOn: Date | null;
};

/**
 * The watch of a lock statement's row (which names the columns of `LowBalanceWatch`): only those
 * columns, so a row that also carries other columns (a cycle's) is not kept whole.
 */
export function watchOf(row: LowBalanceWatch): LowBalanceWatch {
  return {
    name: row.name,
    email: row.email,
    threshold: row.threshold,
    notifiedOn: row.notifiedOn,
    phone: row.phone,
    phoneVerifiedAt: row.phoneVerifiedAt,
    smsOptedOutAt: row.smsOptedOutAt,
    notificationChannels: row.notificationChannels,
    orderReminders: row.orderReminders,
    counterReceipts: row.counterReceipts,
    deletedAt: row.deletedAt,
  };
}

/** The watch of an account the lock did not find: nothing to tell, nobody to tell. */
export const NO_WATCH: LowBalanceWatch = {
  name: "",
  email: null,
  threshold: null,
  notifiedOn: null,
  phone: null,
  phoneVerifiedAt: null,
  smsOptedOutAt: null,
  notificationChannels: null,
  orderReminders: false,
  counterReceipts: false,
  deletedAt: null,
};

/**
 * After a spend under the account's lock: below the threshold, the day's one message, on the
 * channels the parent chose. `offered` (the school's channels) when the caller read them before its
 * transaction; without, they are read through `tx` only when a message is due (at most once a
 * day). Not a confirmation of what the parent did: SMS and WhatsApp wait out quiet hours.
 */
export async function noteLowBalance(
  tx: Tx,
  school: Pick<SchoolContext, "id" | "timeZone" | "name">,
  userId: number,
  watch: LowBalanceWatch,
  balanceNgwee: number,
  offered?: Channel[],
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
  if (count === 0) return;
  const balance = formatNgwee(balanceNgwee);
  const thresholdNgwee = toNgwee(watch.threshold);
  await notify(
    tx,
    school,
    {
      userId,
      kind: "lowBalance",
      ...(watch.email && {
        email: {
          to: watch.email,
          subject: `Your canteen wallet is low: ${balance}`,
          text:
            `Hello ${watch.name},\n\nYour canteen wallet has ${balance} left, below the ` +
            `${formatNgwee(thresholdNgwee)} you asked us to tell you about.\n\n` +
            `You can top it up in Order History, by card or mobile money, without a fee.\n`,
        },
      }),
      ...lowBalanceTexts({ schoolName: school.name, balanceNgwee, thresholdNgwee }),
    },
    { prefs: watch, ...(offered && { offered }) },
  );
}

/** The threshold as the API shows it: 2 decimals, or null when off. */
export const thresholdOf = (value: { toFixed(digits: number): string } | null): string | null =>
  value === null ? null : fromNgwee(toNgwee(value.toFixed(2)));
