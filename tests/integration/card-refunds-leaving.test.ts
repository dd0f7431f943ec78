import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as parentRoute from "@/app/api/parents/[id]/route";
import { FAMILY_NOT_FOUND, NO_CREDIT_TO_GIVE_BACK } from "@/lib/contracts/card-refunds";
import { appendMovement } from "@/lib/credit/ledger";
import { toNgwee } from "@/lib/money";
import { PARENT_HAS_PENDING_CARD_REFUND } from "@/lib/users/parents";
import { LEAVING_METHOD_MESSAGE } from "@/lib/validations/refunds";
import {
  cancelledOrderOn,
  leavingCall,
  leavingListCall,
  paidPayment,
  retryCall,
  topUpFrom,
  walletOf,
} from "@/tests/support/card-refund-fixtures";
import { signedInSuperadmin } from "@/tests/support/fixtures";
import { refundRefusedXml, startFakeDpoProvider } from "@/tests/support/fake-dpo";
import type { Browser } from "@/tests/support/http";
import {
  directParent,
  orderGround,
  signedInAdmin,
  type Ground,
} from "@/tests/support/money-admin-fixtures";
import { key, testDb } from "@/tests/support/school";

// A family leaving the school gets its whole credit back in one action (issue 49, decision 0115):
// what came from card payments back to those cards through DPO (never more than a payment has
// left), the rest recorded as paid by hand; the ledger ends at zero in one transaction.
const fake = await startFakeDpoProvider();

let ground: Ground;
let office: Browser;

beforeAll(async () => {
  ground = await orderGround();
  office = await signedInAdmin(["refunds"]);
});
beforeEach(() => fake.reset());
afterAll(async () => fake.stop());

/** A family with K100 topped up by card, K30 by mobile money, K20 spent: K110 of credit. */
async function leavingFamily() {
  const parent = await directParent();
  const db = await testDb();
  await db.user.update({
    where: key(parent.id),
    data: { email: `${parent.username}@example.test` },
  });
  const card = await paidPayment(parent.id, "100.00");
  await topUpFrom(parent.id, "100.00", card.id);
  await topUpFrom(parent.id, "30.00", null);
  await db.$transaction((tx) =>
    appendMovement(tx, { userId: parent.id, ngwee: -toNgwee("20.00"), kind: "counter" }),
  );
  return { parent, card };
}

describe("family leaving the school", () => {
  it("previews, then gives the whole credit back: card through DPO, the rest by hand", async () => {
    const { parent, card } = await leavingFamily();

    const preview = await leavingListCall(office);
    expect(preview.status).toBe(200);
    expect(preview.body.data.find((f) => f.id === parent.id)).toMatchObject({
      balance: "110.00",
      byCard: "100.00",
      byHand: "10.00",
    });

    const noMethod = await leavingCall(office, { familyId: parent.id });
    expect(noMethod.status).toBe(422);
    expect(noMethod.body).toMatchObject({ message: LEAVING_METHOD_MESSAGE, byHand: "10.00" });
    expect((await walletOf(parent.id)).ngwee).toBe(11_000);

    const answer = await leavingCall(office, {
      familyId: parent.id,
      method: "mobile_money",
      reference: "MP240101.1234",
    });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      familyId: parent.id,
      refunded: "110.00",
      byCard: "100.00",
      byHand: "10.00",
      cardRefunds: [{ orderId: null, amount: "100.00", status: "refunded", resultCode: "000" }],
    });
    expect(fake.requestsNamed("refundToken").map((r) => r.fields)).toEqual([
      expect.objectContaining({ TransactionToken: card.transactionId, refundAmount: "100.00" }),
    ]);
    const wallet = await walletOf(parent.id);
    expect(wallet.ngwee).toBe(0);
    expect(wallet.entries.slice(-2).map((e) => [e.kind, e.amount.toFixed(2)])).toEqual([
      ["withdrawal", "-100.00"],
      ["withdrawal", "-10.00"],
    ]);
    expect(wallet.entries.at(-1)?.reason).toContain("Mobile money, MP240101.1234");
    const db = await testDb();
    const mails = await db.emailOutbox.findMany({ where: { userId: parent.id } });
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining("Your canteen credit is refunded"),
      expect.stringContaining("Refund to your card"),
    ]);

    const again = await leavingCall(office, { familyId: parent.id, method: "cash" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(NO_CREDIT_TO_GIVE_BACK);
    expect(fake.requestsNamed("refundToken")).toHaveLength(1);
    expect((await leavingListCall(office)).body.data.some((f) => f.id === parent.id)).toBe(false);
  });

  it("never sends back to a card more than its payment has left", async () => {
    const parent = await directParent();
    // A K50 card payment: K40 of its orders refunded to the card, K50 credited at a closed day.
    const card = await paidPayment(parent.id, "50.00");
    const order = await cancelledOrderOn(ground, parent, card, "40.00");
    const db = await testDb();
    await db.cardRefund.create({
      data: {
        paymentAttemptId: card.id,
        userId: parent.id,
        orderId: order.id,
        amount: "40.00",
        status: "refunded",
      },
    });
    const closed = await cancelledOrderOn(ground, parent, card, "10.00");
    await db.$transaction((tx) =>
      appendMovement(tx, {
        userId: parent.id,
        ngwee: toNgwee("50.00"),
        kind: "closure",
        orderId: closed.id,
      }),
    );

    const answer = await leavingCall(office, { familyId: parent.id, method: "cash" });

    expect(answer.body).toMatchObject({ refunded: "50.00", byCard: "10.00", byHand: "40.00" });
    expect(fake.requestsNamed("refundToken")[0]?.fields.refundAmount).toBe("10.00");
    expect((await walletOf(parent.id)).ngwee).toBe(0);
  });

  it("keeps a refused card part pending with DPO's reason; the credit has left the wallet", async () => {
    const { parent } = await leavingFamily();
    fake.onRefundToken(() => refundRefusedXml("Refund failed: card expired"), { once: true });

    const answer = await leavingCall(office, { familyId: parent.id, method: "cash" });

    expect(answer.status).toBe(200);
    const [part] = answer.body.cardRefunds;
    expect(part).toMatchObject({
      status: "pending",
      resultCode: "999",
      explanation: "Refund failed: card expired",
    });
    expect((await walletOf(parent.id)).ngwee).toBe(0);
    const retried = await retryCall(office, part!.id);
    expect(retried.body).toMatchObject({ status: "refunded", calls: 2 });
    expect((await walletOf(parent.id)).ngwee).toBe(0);
  });

  it("refuses an unknown family and bad input, changing nothing", async () => {
    const { parent } = await leavingFamily();
    expect((await leavingCall(office, { familyId: 999_999, method: "cash" })).body.message).toBe(
      FAMILY_NOT_FOUND,
    );
    for (const body of [{}, { familyId: "x" }, { familyId: parent.id, method: "card" }]) {
      expect((await leavingCall(office, body)).status).toBe(422);
    }
    expect((await walletOf(parent.id)).ngwee).toBe(11_000);
    expect(fake.requestsNamed("refundToken")).toHaveLength(0);
  });

  it("keeps the family's account while a card refund waits for DPO; then it can go", async () => {
    const { parent } = await leavingFamily();
    await cancelledOrderOn(ground, parent, await paidPayment(parent.id, "40.00"), "40.00");
    fake.onRefundToken(() => ({ close: true }), { once: true });
    const answer = await leavingCall(office, { familyId: parent.id, method: "cash" });
    const [part] = answer.body.cardRefunds;
    expect(part?.status).toBe("pending");
    const admin = await signedInSuperadmin();
    const remove = () =>
      admin.call(parentRoute.DELETE, "DELETE", `/api/parents/${parent.id}`, {
        params: { id: String(parent.id) },
        query: { force: "true" },
      });

    const refused = await remove();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: PARENT_HAS_PENDING_CARD_REFUND,
      pendingCardRefunds: 1,
    });

    expect((await retryCall(office, part!.id)).body.status).toBe("refunded");
    expect((await remove()).status).toBe(200);
    const db = await testDb();
    expect(await db.cardRefund.count({ where: { userId: parent.id } })).toBe(0);
  });
});
