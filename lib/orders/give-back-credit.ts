import "server-only";
import { appendMovement } from "@/lib/credit/ledger";
import { creditPaidFor } from "@/lib/credit/order-credit";
import type { Tx } from "@/lib/db";
import { toNgwee } from "@/lib/money";
import { idKey } from "@/lib/schools/keys";

export type CreditGivenBack = {
  /** The credit part that came back now, in ngwee (0 when none, or when it already came back). */
  creditNgwee: number;
  /** What was paid otherwise (card, transfer verified) and the office still refunds, in ngwee. */
  toRefundNgwee: number;
};

/**
 * Gives a just-cancelled order's credit part back at once (issue 44, decision 0069), in the
 * caller's transaction: a `refund` entry naming the order, which the partial unique index keeps to
 * one. A meal paid wholly from credit is then refunded, recorded as a credit refund with no admin.
 * Both the orderer's cancel and an admin's (Cycle History) call it.
 */
export async function giveBackOrderCredit(
  tx: Tx,
  schoolId: number,
  orderId: number,
  note: string,
): Promise<CreditGivenBack> {
  const order = await tx.order.findUniqueOrThrow({
    where: idKey(schoolId, orderId),
    select: {
      userId: true,
      discountedPrice: true,
      paymentStatus: true,
      creditEntries: { where: { kind: { in: ["refund", "closure"] } }, select: { id: true } },
    },
  });
  const price = toNgwee(order.discountedPrice.toFixed(2));
  const alreadyBack = order.creditEntries.length > 0;
  const credit = alreadyBack ? 0 : Math.min(await creditPaidFor(tx, schoolId, orderId), price);
  if (credit > 0) {
    await appendMovement(tx, {
      userId: order.userId,
      ngwee: credit,
      kind: "refund",
      orderId,
      reason: note,
    });
  }
  const paidOtherwise = order.paymentStatus === "confirmed" ? price - credit : 0;
  if (order.paymentStatus === "confirmed" && credit > 0 && paidOtherwise === 0) {
    // Paid wholly from credit, nothing is left for the office: the order is refunded, to credit.
    // (A transfer still awaited stays cancelled: its credit part is back, nothing else was paid.)
    await tx.order.update({
      where: idKey(schoolId, orderId),
      data: { status: "refunded", version: { increment: 1 } },
    });
    await tx.orderRefund.create({
      data: { schoolId, orderId, method: "credit", note, adminId: null },
    });
  }
  return { creditNgwee: credit, toRefundNgwee: paidOtherwise };
}
