import "server-only";
import { TX, STATUS } from "@/lib/contracts/payments";
import { releaseHeldCredit } from "@/lib/credit/ledger";
import { schoolDb, type Tx } from "@/lib/db";
import type { VerifiableAttempt } from "@/lib/payments/fulfil";

/**
 * Closes an open, unfulfilled attempt whose token the provider has cancelled, and gives back the
 * credit it held, in one transaction. Given the attempt as just read with no credit held (most
 * card and mobile payments: the amount held is fixed when the attempt is made), the close is one
 * statement.
 */
export async function markCancelled(
  schoolId: number,
  attempt: number | Pick<VerifiableAttempt, "id" | "creditAmount">,
  errorDetails: string,
): Promise<void> {
  const db = await schoolDb(schoolId);
  const id = typeof attempt === "number" ? attempt : attempt.id;
  const close = (tx: Tx) =>
    tx.paymentAttempt.updateMany({
      where: { schoolId, id, transactionStatus: TX.initiated, fulfilledAt: null },
      data: {
        transactionStatus: TX.cancelled,
        status: STATUS.abandoned,
        errorDetails: errorDetails.slice(0, 500),
      },
    });
  if (typeof attempt !== "number" && attempt.creditAmount.isZero()) {
    await close(db);
    return;
  }
  await db.$transaction(async (tx) => {
    await close(tx);
    await releaseHeldCredit(tx, schoolId, id);
  });
}
