// What the card refund tests share (issue 49): card payments written straight to the database
// (paid through DPO, with a token), cancelled orders on them, and the refund routes' calls.
import * as card from "@/app/api/refunds/[orderId]/card/route";
import * as complete from "@/app/api/refunds/[orderId]/complete/route";
import * as list from "@/app/api/refunds/card-refunds/route";
import * as retry from "@/app/api/refunds/card-refunds/[id]/retry/route";
import * as byHand from "@/app/api/refunds/card-refunds/[id]/by-hand/route";
import * as leaving from "@/app/api/refunds/leaving/route";
import * as refunds from "@/app/api/refunds/route";
import type {
  CardRefundDto,
  CardRefundsDto,
  LeavingAnswer,
  LeavingFamiliesDto,
} from "@/lib/contracts/card-refunds";
import type { RefundDto, RefundsPageDto } from "@/lib/contracts/orders";
import { appendMovement } from "@/lib/credit/ledger";
import { toNgwee } from "@/lib/money";
import type { Browser } from "@/tests/support/http";
import { directOrder, type Ground } from "@/tests/support/money-admin-fixtures";
import { key, testDb } from "@/tests/support/school";

type Body = Record<string, unknown>;
let payments = 0;

/** A payment paid through DPO (by card unless told), `paid` in kwacha. */
export async function paidPayment(userId: number, paid: string, method = "CARD") {
  const db = await testDb();
  const n = ++payments;
  return db.paymentAttempt.create({
    data: {
      userId,
      transactionId: `REFUND-TOKEN-${n}-${Date.now()}`,
      transactionRef: `REFUND-REF-${n}-${Date.now()}`,
      paymentAmount: paid,
      cartItems: [],
      transactionStatus: "verified",
      status: "Payment Confirmed",
      paymentMethod: method,
      fulfilledAt: new Date(),
      verifiedAt: new Date(),
    },
    select: { id: true, transactionId: true },
  });
}

/** A cancelled order paid by `payment`, `price` in kwacha. */
export async function cancelledOrderOn(
  ground: Ground,
  parent: { id: number; child: { id: number } },
  payment: { id: number },
  price = "36.50",
) {
  const order = await directOrder(ground, parent, {
    status: "cancelled",
    paymentStatus: "confirmed",
    price,
  });
  const db = await testDb();
  await db.order.update({
    where: key(order.id),
    data: { paymentAttemptId: payment.id, paymentProcessor: "DPO" },
  });
  return order;
}

/** A paid top-up's credit, by card (with its payment) or not. */
export async function topUpFrom(userId: number, amount: string, paymentId: number | null) {
  const db = await testDb();
  await db.$transaction((tx) =>
    appendMovement(tx, {
      userId,
      ngwee: toNgwee(amount),
      kind: "topup",
      paymentAttemptId: paymentId,
      reason: paymentId ? "card" : "Airtel Money",
    }),
  );
}

export const cardRefundCall = (browser: Browser, orderId: number | string, body: unknown) =>
  browser.call<CardRefundDto & Body>(card.POST, "POST", `/api/refunds/${orderId}/card`, {
    params: { orderId: String(orderId) },
    body,
  });

export const retryCall = (browser: Browser, id: number | string) =>
  browser.call<CardRefundDto & Body>(retry.POST, "POST", `/api/refunds/card-refunds/${id}/retry`, {
    params: { id: String(id) },
  });

export const byHandCall = (browser: Browser, id: number | string, body: unknown) =>
  browser.call<CardRefundDto & Body>(
    byHand.POST,
    "POST",
    `/api/refunds/card-refunds/${id}/by-hand`,
    { params: { id: String(id) }, body },
  );

export const cardRefundsCall = (browser: Browser) =>
  browser.call<CardRefundsDto>(list.GET, "GET", "/api/refunds/card-refunds");

export const refundsCall = (browser: Browser) =>
  browser.call<RefundsPageDto>(refunds.GET, "GET", "/api/refunds");

export const completeCall = (browser: Browser, orderId: number, body?: unknown) =>
  browser.call<RefundDto & Body>(complete.POST, "POST", `/api/refunds/${orderId}/complete`, {
    params: { orderId: String(orderId) },
    ...(body === undefined ? {} : { body }),
  });

export const leavingListCall = (browser: Browser) =>
  browser.call<LeavingFamiliesDto>(leaving.GET, "GET", "/api/refunds/leaving");

export const leavingCall = (browser: Browser, body: unknown) =>
  browser.call<LeavingAnswer & Body>(leaving.POST, "POST", "/api/refunds/leaving", { body });

/** The account's ledger sum in ngwee, and its entries. */
export async function walletOf(userId: number) {
  const db = await testDb();
  const entries = await db.creditEntry.findMany({ where: { userId }, orderBy: { id: "asc" } });
  const ngwee = entries.reduce((sum, e) => {
    const text = e.amount.toFixed(2);
    return sum + (text.startsWith("-") ? -toNgwee(text.slice(1)) : toNgwee(text));
  }, 0);
  return { ngwee, entries };
}
