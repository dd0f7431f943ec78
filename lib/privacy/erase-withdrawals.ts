import "server-only";
import { DELETED_ACCOUNT } from "@/lib/contracts/privacy";
import type { Tx } from "@/lib/db";
import { scrubText } from "@/lib/privacy/scrub";
import { idKey } from "@/lib/schools/keys";

// An erased account's withdrawals (issue 47, decision 0103). A request still pending keeps its
// amount and number: the school still owes that money and pays it to that number (the number goes
// the moment it is paid, lib/wallet/withdrawal-decisions.ts). A decided request keeps what the
// books need (amount, state, method, dates) and loses the number; the office's reference and
// reason lose the erased names, as a refund's note does.

/** Erases the account's withdrawals; answers their ids (for the audit trail's scrub). */
export async function eraseWithdrawals(
  tx: Tx,
  schoolId: number,
  userId: number,
  erased: readonly string[],
): Promise<string[]> {
  const rows = await tx.withdrawal.findMany({
    where: { schoolId, userId },
    select: { id: true, status: true, reference: true, reason: true },
  });
  for (const row of rows) {
    await tx.withdrawal.update({
      where: idKey(schoolId, row.id),
      data: {
        ...(row.status === "pending" ? {} : { mobileNumber: null }),
        reference: row.reference && scrubText(row.reference, erased, DELETED_ACCOUNT),
        reason: row.reason && scrubText(row.reason, erased, DELETED_ACCOUNT),
      },
    });
  }
  return rows.map((row) => String(row.id));
}
