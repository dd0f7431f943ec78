import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import * as takings from "@/app/api/revenue/takings/route";
import * as takingsPayments from "@/app/api/revenue/takings/payments/route";
import type { TakingsDto, TakingsPaymentsDto } from "@/lib/contracts/takings";
import { toNgwee } from "@/lib/money";
import { schoolToday } from "@/lib/school-calendar";
import { getStatement } from "@/lib/statements/statement";
import {
  cancelledOrderOn,
  cardRefundCall,
  leavingCall,
  paidPayment,
  topUpFrom,
} from "@/tests/support/card-refund-fixtures";
import { refundedXml, startFakeDpoProvider } from "@/tests/support/fake-dpo";
import { directParent, orderGround, signedInAdmin } from "@/tests/support/money-admin-fixtures";
import { defaultSchool } from "@/tests/support/school";

// A card refund through DPO (issue 49, decision 0115) in the books: the office's takings (0116)
// count it once, at what DPO gave back (the order's refund record that the same refund writes is
// not a second line), and the family's statement (0117) shows that amount, not the meal's price.
// Found when the three were merged: a DPO refund made the whole takings answer 500, and a partial
// one showed on the statement at the full price.
const fake = await startFakeDpoProvider();
afterAll(async () => fake.stop());

let today: string;
beforeAll(() => {
  today = schoolToday("Africa/Lusaka");
});

describe("a card refund through DPO in the takings", () => {
  it("is one line of what DPO refunded, behind its figure and on the family's statement", async () => {
    const ground = await orderGround();
    const office = await signedInAdmin(["refunds", "revenue"]);
    const parent = await directParent();
    const payment = await paidPayment(parent.id, "36.50");
    const order = await cancelledOrderOn(ground, parent, payment, "36.50");
    fake.onRefundToken(() => refundedXml("Refund successful"));
    expect((await cardRefundCall(office, order.id, { amount: "10" })).status).toBe(200);

    const answer = await office.call<TakingsDto>(
      takings.GET,
      "GET",
      `/api/revenue/takings?from=${today}&to=${today}`,
    );
    expect(answer.status).toBe(200);
    const lines = Object.fromEntries(answer.body.lines.map((l) => [l.line, l.amount]));
    expect(lines.refund_card_dpo).toBe("10.00");
    expect(lines.refund_card_reversal).toBe("0.00");
    expect(answer.body.totals.out).toBe("10.00");

    const behind = await office.call<TakingsPaymentsDto>(
      takingsPayments.GET,
      "GET",
      `/api/revenue/takings/payments?from=${today}&to=${today}&line=refund_card_dpo`,
    );
    expect(behind.status).toBe(200);
    expect(behind.body.items).toEqual([
      expect.objectContaining({ amount: "10.00", reference: `Order ${order.id}`, day: today }),
    ]);

    const statement = await getStatement(
      await defaultSchool(),
      { id: parent.id, name: "A parent" },
      {
        from: today,
        to: today,
      },
    );
    expect(statement.refunds).toEqual([
      expect.objectContaining({ orderId: order.id, amount: "10.00" }),
    ]);
  });
});

describe("a family leaving in the takings", () => {
  it("counts the card part as a DPO refund and the part by hand as a wallet payout", async () => {
    const office = await signedInAdmin(["refunds", "revenue"]);
    const parent = await directParent();
    const card = await paidPayment(parent.id, "30.00");
    await topUpFrom(parent.id, "30.00", card.id);
    await topUpFrom(parent.id, "12.50", null);
    fake.onRefundToken(() => refundedXml("Refund successful"));
    const before = await office.call<TakingsDto>(
      takings.GET,
      "GET",
      `/api/revenue/takings?from=${today}&to=${today}`,
    );

    const left = await leavingCall(office, {
      familyId: parent.id,
      method: "cash",
      reference: "Receipt 77",
    });
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ byCard: "30.00", byHand: "12.50" });

    const after = await office.call<TakingsDto>(
      takings.GET,
      "GET",
      `/api/revenue/takings?from=${today}&to=${today}`,
    );
    const grew = (line: string) => {
      const ngwee = (dto: TakingsDto) => toNgwee(dto.lines.find((l) => l.line === line)!.amount);
      return ngwee(after.body) - ngwee(before.body);
    };
    expect(grew("payout")).toBe(1250);
    expect(grew("refund_card_dpo")).toBe(3000);
    const payouts = await office.call<TakingsPaymentsDto>(
      takingsPayments.GET,
      "GET",
      `/api/revenue/takings/payments?from=${today}&to=${today}&line=payout`,
    );
    expect(payouts.body.items).toContainEqual(
      expect.objectContaining({ amount: "12.50", reference: "Receipt 77" }),
    );
  });
});
