import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import {
  CARD_REFUND_BUSY,
  CARD_REFUND_NOT_PENDING,
  CHECK_DPO_FIRST,
  DPO_REFUNDED_AFTER_BY_HAND,
  NOT_BY_CREDIT_WHEN_LEAVING,
  PART_REFUND_NOT_BY_HAND,
} from "@/lib/contracts/card-refunds";
import { REFUND_METHOD_MESSAGE } from "@/lib/validations/refunds";
import {
  byHandCall,
  cancelledOrderOn,
  cardRefundCall,
  cardRefundsCall,
  leavingCall,
  paidPayment,
  retryCall,
  topUpFrom,
  walletOf,
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

// A card refund DPO will not make is paid back by hand instead (issue 49, decision 0115): the
// order is refunded by the office's method, a leaving family's part becomes a paid wallet payout;
// never while DPO is being asked, and after a call DPO never answered only once the office says it
// checked DPO's portal. Against the local fake DPO.
const fake = await startFakeDpoProvider();

let ground: Ground;
let office: Browser;

beforeAll(async () => {
  ground = await orderGround();
  office = await signedInAdmin(["refunds"]);
});
beforeEach(() => fake.reset());
afterAll(async () => fake.stop());

async function withEmail(parent: { id: number; username: string }) {
  const db = await testDb();
  await db.user.update({
    where: key(parent.id),
    data: { email: `${parent.username}@example.test` },
  });
}

/** A cancelled card-paid order whose DPO refund DPO refused: pending, with DPO's reason. */
async function refusedOrderRefund(price = "30.00") {
  const parent = await directParent();
  await withEmail(parent);
  const payment = await paidPayment(parent.id, price);
  const order = await cancelledOrderOn(ground, parent, payment, price);
  fake.onRefundToken(() => refundRefusedXml("Refund failed: card expired"), { once: true });
  const refused = await cardRefundCall(office, order.id, { amount: price });
  expect(refused.body).toMatchObject({ status: "pending", resultCode: "999" });
  return { parent, payment, order, refundId: refused.body.id };
}

describe("a refused card refund paid by hand instead", () => {
  it("refunds the order by the office's method, once, and DPO is not asked again", async () => {
    const { parent, order, refundId } = await refusedOrderRefund("30.00");

    const noMethod = await byHandCall(office, refundId, {});
    expect(noMethod.status).toBe(422);
    expect(JSON.stringify(noMethod.body)).toContain(REFUND_METHOD_MESSAGE);

    const paid = await byHandCall(office, refundId, { method: "mobile_money", reference: "MP1" });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: refundId, status: "paid_by_hand" });
    expect(paid.body.paidByHandAt).not.toBeNull();

    const db = await testDb();
    expect(
      await db.order.findUniqueOrThrow({
        where: key(order.id),
        select: { status: true, refund: { select: { method: true, reference: true } } },
      }),
    ).toEqual({ status: "refunded", refund: { method: "mobile_money", reference: "MP1" } });
    const mails = await db.emailOutbox.findMany({ where: { userId: parent.id } });
    expect(mails.map((m) => m.subject).join("\n")).toMatch(/refund/i);

    const again = await byHandCall(office, refundId, { method: "cash" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CARD_REFUND_NOT_PENDING);
    const retry = await retryCall(office, refundId);
    expect(retry.status).toBe(409);
    expect(fake.requestsNamed("refundToken")).toHaveLength(1);
    const list = await cardRefundsCall(office);
    expect(list.body.data.find((r) => r.id === refundId)).toMatchObject({ status: "paid_by_hand" });
  });

  it("can refund the order to the family's credit instead", async () => {
    const { parent, refundId } = await refusedOrderRefund("22.50");
    const before = (await walletOf(parent.id)).ngwee;

    const paid = await byHandCall(office, refundId, { method: "credit" });

    expect(paid.status).toBe(200);
    expect((await walletOf(parent.id)).ngwee - before).toBe(2250);
  });

  it("asks the office to check DPO's portal first when DPO never answered", async () => {
    const parent = await directParent();
    const payment = await paidPayment(parent.id, "18.00");
    const order = await cancelledOrderOn(ground, parent, payment, "18.00");
    fake.onRefundToken(() => ({ hang: true }), { once: true });
    const lost = await cardRefundCall(office, order.id, { amount: "18.00" });
    expect(lost.body).toMatchObject({ status: "pending", resultCode: null });

    const unchecked = await byHandCall(office, lost.body.id, { method: "cash" });
    expect(unchecked.status).toBe(422);
    expect(unchecked.body.message).toBe(CHECK_DPO_FIRST);
    const db = await testDb();
    expect(
      await db.order.findUniqueOrThrow({ where: key(order.id), select: { status: true } }),
    ).toEqual({ status: "cancelled" });

    const checked = await byHandCall(office, lost.body.id, { method: "cash", checkedDpo: true });
    expect(checked.status).toBe(200);
    expect(checked.body.status).toBe("paid_by_hand");
  });

  it("is refused while DPO is being asked", async () => {
    const parent = await directParent();
    const payment = await paidPayment(parent.id, "12.00");
    const order = await cancelledOrderOn(ground, parent, payment, "12.00");
    fake.onRefundToken(() => ({ hang: true }), { once: true });
    const asking = cardRefundCall(office, order.id, { amount: "12.00" });
    while (fake.requestsNamed("refundToken").length < 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const db = await testDb();
    const row = await db.cardRefund.findFirstOrThrow({ where: { orderId: order.id } });

    const meanwhile = await byHandCall(office, row.id, { method: "cash", checkedDpo: true });

    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body.message).toBe(CARD_REFUND_BUSY);
    expect((await asking).body.status).toBe("pending");
    expect(
      await db.order.findUniqueOrThrow({ where: key(order.id), select: { status: true } }),
    ).toEqual({ status: "cancelled" });
  });
});

describe("what DPO said before", () => {
  it("still asks for DPO's portal to be checked when a call went unanswered before a refusal", async () => {
    const parent = await directParent();
    const payment = await paidPayment(parent.id, "16.00");
    const order = await cancelledOrderOn(ground, parent, payment, "16.00");
    fake.onRefundToken(() => ({ hang: true }), { once: true });
    const lost = await cardRefundCall(office, order.id, { amount: "16.00" });
    // DPO's refusal of the retry may be "already refunded": the first call's fate is unknown.
    fake.onRefundToken(() => refundRefusedXml("Refund failed: nothing left to refund"), {
      once: true,
    });
    expect((await retryCall(office, lost.body.id)).body).toMatchObject({
      calls: 2,
      unansweredCalls: 1,
      resultCode: "999",
    });

    const unchecked = await byHandCall(office, lost.body.id, { method: "cash" });

    expect(unchecked.status).toBe(422);
    expect(unchecked.body.message).toBe(CHECK_DPO_FIRST);
  });

  it("refuses to pay by hand a DPO refund of part of the order", async () => {
    const parent = await directParent();
    const payment = await paidPayment(parent.id, "30.00");
    const order = await cancelledOrderOn(ground, parent, payment, "30.00");
    fake.onRefundToken(() => refundRefusedXml("Refund failed"), { once: true });
    const part = await cardRefundCall(office, order.id, { amount: "10.00" });
    expect(part.body).toMatchObject({ status: "pending", amount: "10.00" });

    const answer = await byHandCall(office, part.body.id, { method: "credit" });

    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      message: PART_REFUND_NOT_BY_HAND,
      amount: "10.00",
      owed: "30.00",
    });
    expect((await walletOf(parent.id)).ngwee).toBe(0);
  });

  it("keeps DPO's late 000 on a refund paid by hand meanwhile: the family was paid twice", async () => {
    const parent = await directParent();
    const payment = await paidPayment(parent.id, "14.00");
    const order = await cancelledOrderOn(ground, parent, payment, "14.00");
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake.onRefundToken(() => ({ gate, reply: refundedXml() }), { once: true });
    const asking = cardRefundCall(office, order.id, { amount: "14.00" });
    while (fake.requestsNamed("refundToken").length < 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const db = await testDb();
    const { id } = await db.cardRefund.findFirstOrThrow({ where: { orderId: order.id } });
    // The instance asking DPO stalls past its claim; the office pays by hand meanwhile.
    await db.cardRefund.update({
      where: key(id),
      data: { callingUntil: new Date(Date.now() - 1_000) },
    });
    const paid = await byHandCall(office, id, { method: "cash", checkedDpo: true });
    expect(paid.status).toBe(200);

    release();
    await asking;

    expect(
      await db.cardRefund.findUniqueOrThrow({
        where: key(id),
        select: { status: true, resultCode: true, explanation: true },
      }),
    ).toEqual({
      status: "paid_by_hand",
      resultCode: "000",
      explanation: DPO_REFUNDED_AFTER_BY_HAND,
    });
    expect(
      await db.auditLog.count({
        where: { action: "refund.card.refunded-twice", entityId: String(id) },
      }),
    ).toBe(1);
    // One record of the order's refund: the office's.
    expect(
      await db.orderRefund.findMany({ where: { orderId: order.id }, select: { method: true } }),
    ).toEqual([{ method: "cash" }]);
  });
});

describe("a leaving family's card part paid by hand instead", () => {
  it("becomes a paid wallet payout, and the wallet stays at zero", async () => {
    const parent = await directParent();
    await withEmail(parent);
    const card = await paidPayment(parent.id, "40.00");
    await topUpFrom(parent.id, "40.00", card.id);
    fake.onRefundToken(() => refundRefusedXml("Refund failed: card expired"), { once: true });
    const left = await leavingCall(office, { familyId: parent.id });
    expect(left.status).toBe(200);
    const [part] = left.body.cardRefunds;
    expect(part).toMatchObject({ status: "pending", resultCode: "999", amount: "40.00" });

    const byCredit = await byHandCall(office, part!.id, { method: "credit" });
    expect(byCredit.status).toBe(422);
    expect(byCredit.body.message).toBe(NOT_BY_CREDIT_WHEN_LEAVING);

    const paid = await byHandCall(office, part!.id, { method: "bank", reference: "EFT 9" });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe("paid_by_hand");
    expect((await walletOf(parent.id)).ngwee).toBe(0);
    const db = await testDb();
    expect(
      await db.withdrawal.findMany({
        where: { userId: parent.id },
        select: { amount: true, status: true, method: true, reference: true },
      }),
    ).toEqual([
      expect.objectContaining({ status: "paid", method: "Bank transfer", reference: "EFT 9" }),
    ]);
    const mails = await db.emailOutbox.findMany({ where: { userId: parent.id } });
    expect(mails.at(-1)?.text).toContain("paid it back by Bank transfer, EFT 9 instead");
  });
});
