// The wallet's own paths for the every-path property (issue 47): top-ups, counter sales and their
// voids, withdrawals asked for, paid out or declined. Each calls the real handler, checks its
// answer against the model and moves the model's money as the product should.
import { expect } from "@jest/globals";
import { fromNgwee, toNgwee } from "@/lib/money";
import { sell, topUp, voidCall } from "@/tests/support/counter-fixtures";
import {
  choose,
  SCHOOL_LIMIT,
  type Run,
  type StepOf,
  type World,
} from "@/tests/support/wallet-model";
import { declineCall, payCall, withdrawCall } from "@/tests/support/withdrawal-fixtures";

export async function topUpStep(run: Run, s: StepOf<"topup">) {
  await topUp(run.family.id, fromNgwee(s.ngwee));
  run.balance += s.ngwee;
  run.toppedUp += s.ngwee;
}

/** A sale is refused over the daily limit (403) or past the wallet (402), and charges nothing. */
export async function saleStep(world: World, run: Run, s: StepOf<"sale">) {
  const item = world.snacks[s.item]!;
  const total = item.price * s.quantity;
  const answer = await sell(world.cashier, {
    studentId: run.family.child.id,
    items: [{ menuItemId: item.id, quantity: s.quantity }],
  });
  const expected = run.spentToday + total > SCHOOL_LIMIT ? 403 : run.balance < total ? 402 : 201;
  expect([s, answer.status]).toEqual([s, expected]);
  if (answer.status !== 201) return;
  run.balance -= total;
  run.spentToday += total;
  run.sales.push({ id: answer.body.saleId, total, voided: false });
}

export async function voidStep(world: World, run: Run, s: StepOf<"void">) {
  const sale = choose(
    run.sales.filter((standing) => !standing.voided),
    s.pick,
  );
  if (!sale) return;
  expect((await voidCall(world.cashier, sale.id)).status).toBe(200);
  sale.voided = true;
  run.balance += sale.total;
  run.spentToday -= sale.total;
}

export async function withdrawStep(run: Run, s: StepOf<"withdraw">) {
  const answer = await withdrawCall(run.family.browser, {
    amount: fromNgwee(s.ngwee),
    mobileNumber: "0977123456",
  });
  expect([s, answer.status]).toEqual([s, s.ngwee <= run.balance ? 201 : 409]);
  if (answer.status !== 201) return;
  run.balance -= s.ngwee;
  run.requests.push({ id: answer.body.withdrawal.id, pending: true });
}

/** The office pays a pending request out, or declines it and the credit comes back. */
export async function decideStep(world: World, run: Run, s: StepOf<"decide">) {
  const request = choose(
    run.requests.filter((r) => r.pending),
    s.pick,
  );
  if (!request) return;
  const answer = s.pay
    ? await payCall(world.office, request.id, { method: "MTN MoMo", reference: "R1" })
    : await declineCall(world.office, request.id, { reason: "Not this time" });
  expect(answer.status).toBe(200);
  request.pending = false;
  if (!s.pay) run.balance += toNgwee(answer.body.amount);
}
