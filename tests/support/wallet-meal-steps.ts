// The meals' paths for the every-path wallet property (issue 47): a meal paid from the wallet first
// and the rest by transfer (verified by the office) or by card (the fake provider approves or
// declines), cancelled by the family, refunded by the office to the wallet or outside it, and
// school days closed with their meals credited. Each calls the real handler and moves the model.
import { expect } from "@jest/globals";
import * as cancel from "@/app/api/orders/[id]/cancel/route";
import * as orders from "@/app/api/orders/route";
import * as create from "@/app/api/payments/create/route";
import * as verifyTransfer from "@/app/api/payments/verify/route";
import * as complete from "@/app/api/refunds/[orderId]/complete/route";
import type { RefundDto } from "@/lib/contracts/orders";
import { fromNgwee } from "@/lib/money";
import { closeDayCall } from "@/tests/support/credit-fixtures";
import { paidXml, resultXml } from "@/tests/support/fake-dpo";
import { verifyCall } from "@/tests/support/payment-fixtures";
import { testDb } from "@/tests/support/school";
import {
  choose,
  count,
  dayOf,
  LINE,
  LUNCH_DAYS,
  MEAL,
  type Run,
  type StepOf,
  type Tally,
  type World,
} from "@/tests/support/wallet-model";

const lineOn = (world: World, run: Run, day: number) => ({
  menuItemId: world.meal.id,
  studentId: run.family.child.id,
  ...dayOf(day),
  ...LINE,
});

const orderTransfer = (world: World, run: Run, day: number) =>
  run.family.browser.call<{ orders: { id: number }[] }>(
    orders.POST,
    "POST",
    "/api/orders?paymentMethod=alternative",
    { body: [lineOn(world, run, day)] },
  );

function takeDay(run: Run): number {
  const day = run.nextDay++;
  if (day >= LUNCH_DAYS) throw new Error("The run used up its cycle's days");
  return day;
}

/** A meal for the next free day, paid from the wallet first, the rest by transfer. */
export async function mealStep(world: World, run: Run) {
  const day = takeDay(run);
  const answer = await orderTransfer(world, run, day);
  expect(answer.status).toBe(200);
  const credit = Math.min(run.balance, MEAL);
  run.balance -= credit;
  run.meals.push({
    id: answer.body.orders[0]!.id,
    day,
    credit,
    outside: 0,
    confirmed: credit === MEAL,
    state: "live",
  });
}

/** The office verifies a transfer that arrived; an order no longer live is refused (409). */
export async function verifyStep(world: World, run: Run, s: StepOf<"verify">, tally: Tally) {
  const pool = s.stray
    ? run.meals.filter((m) => m.state !== "live" && !m.confirmed)
    : run.meals.filter((m) => m.state === "live" && !m.confirmed);
  const meal = choose(pool, s.pick);
  if (!meal) return;
  const answer = await world.office.call<{ updated: number }>(
    verifyTransfer.PUT,
    "PUT",
    "/api/payments/verify",
    { body: { orderIds: [meal.id] } },
  );
  expect([s, answer.status]).toEqual([s, s.stray ? 409 : 200]);
  if (s.stray) return void count(tally, "verify refused");
  expect(answer.body).toEqual({ updated: 1 });
  meal.confirmed = true;
  meal.outside = MEAL - meal.credit;
  run.outsideIn += meal.outside;
  count(tally, "transfer verified");
}

/**
 * A card payment for the next free day, the wallet first (held on the attempt) and the rest by
 * card; one the wallet covers is sent to checkout without a card (422). Starting one while another
 * is open cancels that one with the provider and gives its held credit back, which the new one may
 * spend.
 */
export async function cardStartStep(world: World, run: Run, tally: Tally) {
  // The credit the open payment holds counts: it is released before this one holds any.
  const credit = Math.min(run.balance + (run.card?.credit ?? 0), MEAL);
  const day = run.nextDay;
  const answer = await run.family.browser.call<{ TransToken: string }>(
    create.POST,
    "POST",
    "/api/payments/create",
    {
      body: {
        amount: fromNgwee(MEAL - credit),
        currency: "ZMW",
        cartItems: [lineOn(world, run, day)],
      },
    },
  );
  if (credit === MEAL) {
    expect(answer.status).toBe(422);
    return void count(tally, "card refused: the wallet covers it");
  }
  expect(answer.status).toBe(200);
  takeDay(run);
  if (run.card) {
    run.balance += run.card.credit;
    count(tally, "card replaced");
  }
  run.balance -= credit;
  run.card = { token: answer.body.TransToken, day, credit, due: MEAL - credit };
}

/**
 * The open card payment comes back approved or declined. Declined, its credit is released; paid,
 * the meal is booked, or credited whole when the school closed its day meanwhile.
 */
export async function cardSettleStep(
  world: World,
  run: Run,
  s: StepOf<"cardSettle">,
  tally: Tally,
) {
  const card = run.card;
  if (!card) return;
  world.fake.onVerifyToken(
    () => (s.paid ? paidXml(fromNgwee(card.due), "ZMW") : resultXml("901", "Declined")),
    { once: true },
  );
  const answer = await verifyCall(run.family, card.token);
  world.fake.reset();
  expect([s, answer.status, answer.body.success]).toEqual([s, 200, s.paid]);
  run.card = null;
  if (!s.paid) {
    run.balance += card.credit;
    return void count(tally, "card declined");
  }
  run.outsideIn += card.due;
  if (run.closedDays.has(card.day)) {
    run.balance += MEAL;
    return void count(tally, "card paid for a day closed meanwhile");
  }
  const db = await testDb();
  const order = await db.order.findFirstOrThrow({
    where: { userId: run.family.id, cycleId: run.cycleId, ...dayOf(card.day) },
    select: { id: true },
  });
  run.meals.push({ ...card, id: order.id, outside: card.due, confirmed: true, state: "live" });
  count(tally, "card paid");
}

/**
 * The family cancels a live meal (mostly one paid partly from outside, which the office then owes):
 * the wallet's part comes back at once, the rest waits for the office's refund.
 */
export async function cancelStep(run: Run, s: StepOf<"cancel">, tally: Tally) {
  const live = run.meals.filter((m) => m.state === "live");
  const paidOutside = live.filter((m) => m.outside > 0);
  const meal = choose(s.any || paidOutside.length === 0 ? live : paidOutside, s.pick);
  if (!meal) return;
  const answer = await run.family.browser.call(
    cancel.POST,
    "POST",
    `/api/orders/${meal.id}/cancel`,
    {
      params: { id: String(meal.id) },
    },
  );
  expect(answer.status).toBe(200);
  run.balance += meal.credit;
  meal.state = meal.confirmed && meal.outside > 0 ? "owed" : "done";
  count(tally, `cancelled, ${meal.state}`);
}

/**
 * The office refunds what a cancelled meal's outside payment owes: to the wallet ("credit") or
 * outside it (mobile money, bank, card reversal, or unrecorded). Any other order is refused (409).
 */
export async function refundStep(world: World, run: Run, s: StepOf<"refund">, tally: Tally) {
  const owed = run.meals.filter((m) => m.state === "owed");
  const meal = choose(s.stray || owed.length === 0 ? run.meals : owed, s.pick);
  if (!meal) return;
  const how = s.way === "none" ? {} : { method: s.way, reference: "REF-1" };
  const answer = await world.office.call<RefundDto>(
    complete.POST,
    "POST",
    `/api/refunds/${meal.id}/complete`,
    { params: { orderId: String(meal.id) }, body: how },
  );
  expect([s, meal.state, answer.status]).toEqual([
    s,
    meal.state,
    meal.state === "owed" ? 200 : 409,
  ]);
  if (meal.state !== "owed") return void count(tally, "refund refused");
  expect(answer.body).toMatchObject({ status: "refunded", amount: fromNgwee(meal.outside) });
  if (s.way === "credit") run.balance += meal.outside;
  else run.outsideRefunded += meal.outside;
  meal.state = "done";
  count(tally, s.way === "credit" ? "refunded to the wallet" : "refunded outside");
}

/**
 * The office closes a day the run used, one with a live meal or an open card payment first (or now and then the next day,
 * still empty): its live meal is cancelled and what was paid for it credited, the wallet's part of
 * a transfer still awaited included.
 */
export async function closeStep(world: World, run: Run, s: StepOf<"close">, tally: Tally) {
  const used = [...new Set([...run.meals.map((m) => m.day), ...(run.card ? [run.card.day] : [])])];
  const open = used.filter((day) => !run.closedDays.has(day));
  // Days with a live meal or a card payment still open first.
  const busy = open.filter(
    (day) => run.card?.day === day || run.meals.some((m) => m.day === day && m.state === "live"),
  );
  const day = s.fresh
    ? takeDay(run)
    : (choose(busy.length > 0 ? busy : open, s.pick) ?? takeDay(run));
  const live = run.meals.filter((m) => m.day === day && m.state === "live");
  const credited = live.reduce((sum, m) => sum + (m.confirmed ? MEAL : m.credit), 0);
  const answer = await closeDayCall(world.office, run.cycleId, {
    ...dayOf(day),
    reason: "Water cut",
  });
  expect([s, answer.status, answer.body]).toEqual([
    s,
    200,
    { cancelledCount: live.length, creditedTotal: fromNgwee(credited) },
  ]);
  run.closedDays.add(day);
  run.balance += credited;
  for (const meal of live) meal.state = "done";
  const what = live.length === 0 ? "no live meal" : credited > 0 ? "meal credited" : "nothing paid";
  count(tally, `day closed, ${what}`);
}

/** A closed day takes no new meal (422), and nothing is charged. */
export async function closedMealStep(
  world: World,
  run: Run,
  s: StepOf<"closedMeal">,
  tally: Tally,
) {
  const day = choose([...run.closedDays], s.pick);
  if (day === undefined) return;
  const answer = await orderTransfer(world, run, day);
  expect([s, answer.status]).toEqual([s, 422]);
  count(tally, "meal on a closed day refused");
}
