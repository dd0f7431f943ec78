// Where a family's money is, each place counted from its own table (issue 47's "every ngwee that
// came in is in a wallet, an order, a sale, an outside refund or a payout"): what came in (top-ups,
// card payments, verified transfers), and what each place holds by its own state (an order's
// status, a sale's void, a request's status, a card payment still open, the office's record of a
// refund), so a credit given wrongly anywhere shows as a ngwee lost or made.
import { signedNgwee } from "@/lib/credit/ledger";
import { testDb } from "@/tests/support/school";

const ngweeOf = (value: { toFixed(n: number): string }) => signedNgwee(value.toFixed(2));
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Every place of the account's money, in ngwee. Cards here pay carts of one meal, so a card
 * order's outside part is its payment's amount.
 */
export async function whereTheMoneyIs(userId: number) {
  const db = await testDb();
  const [entries, sales, withdrawals, orders, attempts, refunds] = await Promise.all([
    db.creditEntry.findMany({
      where: { userId },
      select: { amount: true, kind: true, orderId: true, paymentAttemptId: true },
    }),
    db.counterSale.findMany({ where: { userId, voidedAt: null }, select: { total: true } }),
    db.withdrawal.findMany({
      where: { userId, status: { in: ["paid", "pending"] } },
      select: { amount: true },
    }),
    db.order.findMany({
      where: { userId },
      select: {
        id: true,
        status: true,
        paymentStatus: true,
        paymentProcessor: true,
        discountedPrice: true,
        paymentAttempt: { select: { paymentAmount: true } },
      },
    }),
    db.paymentAttempt.findMany({
      where: { userId },
      select: { id: true, fulfilledAt: true, paymentAmount: true },
    }),
    db.auditLog.findMany({ where: { action: "refund.complete", entity: "Order" } }),
  ]);
  const spentOn = (orderId: number) =>
    -sum(
      entries
        .filter((e) => e.orderId === orderId && e.kind === "spent")
        .map((e) => ngweeOf(e.amount)),
    );
  // What the family paid for an order from outside the wallet: a verified transfer's rest, a card.
  const outsidePaid = (order: (typeof orders)[number]) => {
    if (order.paymentStatus !== "confirmed") return 0;
    if (order.paymentProcessor === "BYPASS")
      return ngweeOf(order.discountedPrice) - spentOn(order.id);
    return order.paymentAttempt ? ngweeOf(order.paymentAttempt.paymentAmount) : 0;
  };
  // What an order still holds, from its status: a live meal what was paid for it; a cancelled one
  // the outside part the office still owes (its wallet part came back at the cancel); else nothing.
  const heldBy = (order: (typeof orders)[number]) => {
    const live = order.status === "pending" || order.status === "completed";
    if (live)
      return order.paymentStatus === "confirmed"
        ? ngweeOf(order.discountedPrice)
        : spentOn(order.id);
    return order.status === "cancelled" ? outsidePaid(order) : 0;
  };
  const fulfilled = attempts.filter((a) => a.fulfilledAt !== null);
  const openIds = new Set(attempts.filter((a) => a.fulfilledAt === null).map((a) => a.id));
  const orderIds = new Set(orders.map((order) => String(order.id)));
  const outsideRefunds = refunds.filter((row) => {
    const details = row.details as { method?: string };
    return row.entityId !== null && orderIds.has(row.entityId) && details.method !== "credit";
  });
  return {
    wallet: sum(entries.map((e) => ngweeOf(e.amount))),
    toppedUp: sum(entries.filter((e) => e.kind === "topup").map((e) => ngweeOf(e.amount))),
    outsideIn:
      sum(fulfilled.map((a) => ngweeOf(a.paymentAmount))) +
      sum(orders.filter((o) => o.paymentProcessor === "BYPASS").map(outsidePaid)),
    inSales: sum(sales.map((sale) => ngweeOf(sale.total))),
    paidOutOrHeld: sum(withdrawals.map((request) => ngweeOf(request.amount))),
    inOrders: sum(orders.map(heldBy)),
    /** Credit held by a card payment still open (spent on it, not yet released). */
    onOpenCards: -sum(
      entries
        .filter((e) => e.paymentAttemptId !== null && openIds.has(e.paymentAttemptId))
        .filter((e) => e.kind === "spent" || e.kind === "released")
        .map((e) => ngweeOf(e.amount)),
    ),
    refundedOutside: sum(
      outsideRefunds.map((row) => {
        const { amount } = row.details as { amount: string };
        return signedNgwee(amount);
      }),
    ),
  };
}
