import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import type { SchoolContext } from "@/lib/contracts/schools";
import type { WalletDto } from "@/lib/contracts/wallet";
import { schoolDb } from "@/lib/db";
import { fromNgwee } from "@/lib/money";
import type { WalletInput } from "@/lib/validations/wallet";
import { thresholdOf } from "@/lib/credit/low-balance";
import { restoredOnSwitch } from "@/lib/messaging/choices";
import { offeredChannels } from "@/lib/messaging/config";
import { recipientColumns } from "@/lib/messaging/notify";
import { idKey } from "@/lib/schools/keys";

// The parent's own wallet settings (issue 47): the low-balance threshold, and whether each counter
// purchase is e-mailed.

/** GET /api/account/wallet. */
export async function getWallet(school: SchoolContext, actor: SessionUser): Promise<WalletDto> {
  const db = await schoolDb(school.id);
  const user = await db.user.findFirst({
    where: { schoolId: school.id, id: actor.id },
    select: { lowBalanceThreshold: true, counterReceipts: true },
  });
  return {
    lowBalanceThreshold: thresholdOf(user?.lowBalanceThreshold ?? null),
    counterReceipts: user?.counterReceipts ?? false,
  };
}

/**
 * PUT /api/account/wallet. A new threshold may warn again the same day: the day's mark is
 * cleared with it.
 */
export async function saveWallet(
  school: SchoolContext,
  actor: SessionUser,
  input: WalletInput,
): Promise<WalletDto> {
  const db = await schoolDb(school.id);
  const threshold =
    input.lowBalanceThreshold === null ? null : fromNgwee(input.lowBalanceThreshold);
  const choice = input.counterReceipts === true ? await counterChoice(school, actor) : null;
  const [user] = await db.user.updateManyAndReturn({
    where: { schoolId: school.id, id: actor.id },
    data: {
      lowBalanceThreshold: threshold,
      lowBalanceNotifiedOn: null,
      ...(input.counterReceipts !== undefined && { counterReceipts: input.counterReceipts }),
      ...(choice && { notificationChannels: choice }),
    },
    select: { counterReceipts: true },
  });
  return { lowBalanceThreshold: threshold, counterReceipts: user?.counterReceipts ?? false };
}

/**
 * Counter e-mails switched on while counter purchases would reach the parent on no channel
 * (issue 48, decision 0110): e-mail again. Null when the switch was on or a channel is chosen.
 */
async function counterChoice(school: SchoolContext, actor: SessionUser) {
  const db = await schoolDb(school.id);
  const prefs = await db.user.findUniqueOrThrow({
    where: idKey(school.id, actor.id),
    select: recipientColumns,
  });
  if (prefs.counterReceipts) return null;
  return restoredOnSwitch(prefs, "counter", await offeredChannels(school));
}
