import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import * as takings from "@/app/api/revenue/takings/route";
import * as takingsPayments from "@/app/api/revenue/takings/payments/route";
import type { TakingsDto, TakingsPaymentsDto } from "@/lib/contracts/takings";
import { schoolToday } from "@/lib/school-calendar";
import { getStatement } from "@/lib/statements/statement";
import {
  cancelledOrderOn,
  cardRefundCall,
  paidPayment,
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
