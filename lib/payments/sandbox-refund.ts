import "server-only";
import { schoolDb } from "@/lib/db";
import { toNgwee } from "@/lib/money";

// The sandbox's refundToken (issue 49): a paid transaction refunds up to its amount, as DPO's 000
// "Refund successful"; anything else is 999. What is left to refund is the app's own bookkeeping
// (CardRefund), so the sandbox keeps none.

/** DPO's Result and ResultExplanation for one refundToken request. */
export async function sandboxRefundToken(
  schoolId: number,
  f: Record<string, string>,
): Promise<[string, string]> {
  const token = f.TransactionToken;
  const amount = f.refundAmount ?? "";
  if (!token || !/^\d{1,9}(\.\d{1,2})?$/.test(amount)) {
    return ["950", "Request missing mandatory fields"];
  }
  const db = await schoolDb(schoolId);
  const row = await db.sandboxTransaction.findUnique({
    where: { schoolId_token: { schoolId, token } },
    select: { status: true, amount: true },
  });
  if (row?.status !== "paid") return ["999", "Refund failed: transaction not paid"];
  if (toNgwee(amount) > toNgwee(row.amount.toFixed(2))) {
    return ["999", "Refund failed: amount exceeds the transaction"];
  }
  return ["000", "Refund successful"];
}
