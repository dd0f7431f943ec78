import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import {
  CARD_REFUND_BUSY,
  CARD_REFUND_PENDING_FOR_ORDER,
  CARD_REFUND_UNDER_WAY,
  NO_ANSWER_FROM_DPO,
  NOT_A_CARD_PAYMENT,
  OVER_REFUND,
} from "@/lib/contracts/card-refunds";
import { formatZmw } from "@/lib/money";
import { CARD_REFUND_AMOUNT_MESSAGE } from "@/lib/validations/refunds";
import {
  cancelledOrderOn,
  cardRefundCall,
  cardRefundsCall,
  completeCall,
  paidPayment,
  refundsCall,
  retryCall,
} from "@/tests/support/card-refund-fixtures";
import { refundedXml, refundRefusedXml, startFakeDpoProvider } from "@/tests/support/fake-dpo";
import type { Browser } from "@/tests/support/http";
import {
  directParent,
  orderGround,
  signedInAdmin,
  type Ground,
} from "@/tests/support/money-admin-fixtures";
import { key, testDb } from "@/tests/support/school";

// Refunds of card payments through DPO's refundToken (issue 49, decision 0115), against a local
// fake DPO speaking the XML protocol: whole and partial refunds, DPO's refusal (pending with its
// reason), a time-out (pending, and a retry refunds once), more than was paid, and an order paid
// otherwise. The family leaving the school is in card-refunds-leaving.test.ts.
const fake = await startFakeDpoProvider();

let ground: Ground;
let office: Browser;

beforeAll(async () => {
  ground = await orderGround();
  office = await signedInAdmin(["refunds"]);
});
beforeEach(() => fake.reset());
afterAll(async () => fake.stop());

async function cardOrder(price = "36.50", paid = price) {
  const parent = await directParent();
  const db = await testDb();
  await db.user.update({
    where: key(parent.id),
    data: { email: `${parent.username}@example.test` },
  });
  const payment = await paidPayment(parent.id, paid);
  const order = await cancelledOrderOn(ground, parent, payment, price);
  return { parent, payment, order };
}

async function orderState(id: number) {
  const db = await testDb();
  return db.order.findUniqueOrThrow({
    where: key(id),
    select: { status: true, refund: { select: { method: true, reference: true } } },
  });
}

async function mailsTo(userId: number) {
  const db = await testDb();
  return db.emailOutbox.findMany({ where: { userId }, select: { subject: true, text: true } });
}

describe("POST /api/refunds/{orderId}/card", () => {
  it("refunds the whole order to the card, records DPO's answer and tells the parent", async () => {
    const { parent, payment, order } = await cardOrder("36.50");
    fake.onRefundToken(() => refundedXml("Refund successful"));

    const answer = await cardRefundCall(office, order.id, { amount: "36.50" });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      orderId: order.id,
      family: { id: parent.id },
      amount: "36.50",
      status: "refunded",
      calls: 1,
      resultCode: "000",
      explanation: "Refund successful",
    });
    expect(answer.body.answeredAt).toEqual(expect.any(String));
    expect(answer.body.refundedAt).toEqual(expect.any(String));
    const [sent] = fake.requestsNamed("refundToken");
    expect(fake.requestsNamed("refundToken")).toHaveLength(1);
    expect(sent?.fields).toMatchObject({
      CompanyToken: "COMPANY-TOKEN",
      TransactionToken: payment.transactionId,
      refundAmount: "36.50",
    });
    expect(sent?.fields.refundDetails).toContain(String(order.id));
    expect(await orderState(order.id)).toEqual({
      status: "refunded",
      refund: { method: "dpo", reference: "DPO 000" },
    });
    expect(await mailsTo(parent.id)).toEqual([
      expect.objectContaining({ subject: `Refund to your card: ${formatZmw("36.50")}` }),
    ]);
    const listed = await refundsCall(office);
    const row = listed.body.data.find((r) => r.id === order.id);
    expect(row?.refund?.method).toBe("dpo");
    expect(row?.card).toEqual({
      refundable: "0.00",
      cardRefund: expect.objectContaining({ status: "refunded", resultCode: "000" }),
    });
  });

  it("refunds part of the order, and the list offers what was paid", async () => {
    const { order } = await cardOrder("36.50");
    const before = await refundsCall(office);
    expect(before.body.data.find((r) => r.id === order.id)?.card).toEqual({
      refundable: "36.50",
      cardRefund: null,
    });

    const answer = await cardRefundCall(office, order.id, { amount: "10" });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ amount: "10.00", status: "refunded" });
    expect(fake.requestsNamed("refundToken")[0]?.fields.refundAmount).toBe("10.00");
    expect((await orderState(order.id)).status).toBe("refunded");
  });

  it("keeps a refund DPO refuses pending with DPO's reason, and a retry refunds it", async () => {
    const { parent, order } = await cardOrder("20.00");
    fake.onRefundToken(() => refundRefusedXml("Refund failed: card account closed"), {
      once: true,
    });

    const refused = await cardRefundCall(office, order.id, { amount: "20.00" });

    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      status: "pending",
      resultCode: "999",
      explanation: "Refund failed: card account closed",
      refundedAt: null,
    });
    expect(await orderState(order.id)).toEqual({ status: "cancelled", refund: null });
    expect(await mailsTo(parent.id)).toEqual([]);
    const listed = await cardRefundsCall(office);
    expect(listed.body.data.find((r) => r.id === refused.body.id)).toMatchObject({
      status: "pending",
      explanation: "Refund failed: card account closed",
    });
    const row = (await refundsCall(office)).body.data.find((r) => r.id === order.id);
    expect(row?.card?.cardRefund).toMatchObject({ status: "pending", resultCode: "999" });
    // Not by hand while DPO's refund is pending, and not a second DPO refund.
    const byHand = await completeCall(office, order.id, { method: "cash" });
    expect(byHand.status).toBe(409);
    expect(byHand.body.message).toBe(CARD_REFUND_PENDING_FOR_ORDER);
    expect((await orderState(order.id)).status).toBe("cancelled");
    const again = await cardRefundCall(office, order.id, { amount: "1.00" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CARD_REFUND_UNDER_WAY);

    const retried = await retryCall(office, refused.body.id);

    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: "refunded", resultCode: "000", calls: 2 });
    expect(fake.requestsNamed("refundToken")).toHaveLength(2);
    expect((await orderState(order.id)).status).toBe("refunded");
  });

  it("shows no refusal while DPO is asked again: an answer lost then reads as unknown", async () => {
    const { order } = await cardOrder("15.00");
    fake.onRefundToken(() => refundRefusedXml("Refund failed: try later"), { once: true });
    const refused = await cardRefundCall(office, order.id, { amount: "15.00" });
    expect(refused.body).toMatchObject({ status: "pending", resultCode: "999" });

    fake.onRefundToken(() => ({ hang: true }), { once: true });
    const retrying = retryCall(office, refused.body.id);
    while (fake.requestsNamed("refundToken").length < 2) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // DPO has the request; until its answer is recorded the refund may or may not have happened.
    const db = await testDb();
    expect(
      await db.cardRefund.findUniqueOrThrow({
        where: key(refused.body.id),
        select: { status: true, resultCode: true, explanation: true },
      }),
    ).toEqual({ status: "pending", resultCode: null, explanation: NO_ANSWER_FROM_DPO });
    expect((await retrying).body).toMatchObject({ status: "pending", resultCode: null });
  });

  it("keeps a refund pending when DPO does not answer, and the retry refunds once", async () => {
    const { order } = await cardOrder("25.00");
    fake.onRefundToken(() => ({ hang: true }), { once: true });

    const lost = await cardRefundCall(office, order.id, { amount: "25.00" });

    expect(lost.status).toBe(200);
    expect(lost.body).toMatchObject({
      status: "pending",
      resultCode: null,
      explanation: NO_ANSWER_FROM_DPO,
      answeredAt: null,
    });
    expect(await orderState(order.id)).toEqual({ status: "cancelled", refund: null });

    const retried = await retryCall(office, lost.body.id);
    expect(retried.body).toMatchObject({ status: "refunded", resultCode: "000" });
    // Done: no third call to DPO, one record of the refund.
    const third = await retryCall(office, lost.body.id);
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(CARD_REFUND_BUSY);
    expect(fake.requestsNamed("refundToken")).toHaveLength(2);
    const db = await testDb();
    expect(await db.orderRefund.count({ where: { orderId: order.id } })).toBe(1);
    expect(await db.cardRefund.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("refuses more than the order, or than its payment has left, and calls nobody", async () => {
    // One card payment of 50.00 paid two orders of 36.50 and 13.50.
    const parent = await directParent();
    const payment = await paidPayment(parent.id, "50.00");
    const first = await cancelledOrderOn(ground, parent, payment, "36.50");
    const second = await cancelledOrderOn(ground, parent, payment, "36.50");

    const tooMuch = await cardRefundCall(office, first.id, { amount: "36.51" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ message: OVER_REFUND, refundable: "36.50" });

    expect((await cardRefundCall(office, first.id, { amount: "36.50" })).status).toBe(200);
    const rest = await cardRefundCall(office, second.id, { amount: "13.51" });
    expect(rest.status).toBe(409);
    expect(rest.body).toMatchObject({ message: OVER_REFUND, refundable: "13.50" });
    expect((await cardRefundCall(office, second.id, { amount: "13.50" })).status).toBe(200);

    expect(fake.requestsNamed("refundToken").map((r) => r.fields.refundAmount)).toEqual([
      "36.50",
      "13.50",
    ]);
  });

  it("refuses an order not paid by card, a live order, and a bad amount", async () => {
    const parent = await directParent();
    const mobile = await paidPayment(parent.id, "36.50", "MOBILE");
    const byPhone = await cancelledOrderOn(ground, parent, mobile, "36.50");
    const notCard = await cardRefundCall(office, byPhone.id, { amount: "36.50" });
    expect(notCard.status).toBe(409);
    expect(notCard.body.message).toBe(NOT_A_CARD_PAYMENT);

    const { order } = await cardOrder("36.50");
    for (const amount of ["abc", "0", "0.00", "-5", "1.234", 12]) {
      const bad = await cardRefundCall(office, order.id, { amount });
      expect(bad.status).toBe(422);
      expect(JSON.stringify(bad.body)).toContain(CARD_REFUND_AMOUNT_MESSAGE);
    }
    expect((await cardRefundCall(office, 999_999, { amount: "1.00" })).status).toBe(404);
    expect(fake.requestsNamed("refundToken")).toHaveLength(0);
    expect((await orderState(order.id)).status).toBe("cancelled");
  });

  it("answers only the office with Refund Management", async () => {
    const { order } = await cardOrder("36.50");
    const other = await signedInAdmin(["menu"]);
    expect((await cardRefundCall(other, order.id, { amount: "36.50" })).status).toBe(403);
    expect((await cardRefundsCall(other)).status).toBe(403);
    expect(fake.requestsNamed("refundToken")).toHaveLength(0);
  });
});
