import "server-only";
import { ApiError, conflict } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import type { SessionUser } from "@/lib/auth/session";
import type { OrderDto } from "@/lib/contracts";
import { CREDIT_PROCESSOR } from "@/lib/contracts/credit";
import { allocateCredit } from "@/lib/credit/allocate";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { fromNgwee, toNgwee } from "@/lib/money";
import { type Email } from "@/lib/mail/outbox";
import { kickOutbox } from "@/lib/messaging/outbox";
import { bypassInstructionsEmail } from "@/lib/orders/bypass-email";
import {
  ALREADY_ORDERED,
  checkCartLocked,
  readCartTerms,
  type CartTerms,
  type PricedCart,
  type PricedLine,
} from "@/lib/orders/check-cart";
import { assertOpenForOrdering } from "@/lib/orders/open-for-ordering";
import {
  orderConfirmationEmail,
  orderConfirmationTexts,
  paidByText,
} from "@/lib/orders/confirmation-email";
import type { Channel } from "@/lib/contracts/notifications";
import { offeredChannels } from "@/lib/messaging/config";
import type { PhoneTexts } from "@/lib/messaging/templates/payments";
import { insertOrders, type PlacedOrder } from "@/lib/orders/insert-orders";
import { getBankTransferSetting, getPaymentBypassSettings } from "@/lib/settings/settings";
import type { OrderItemInput } from "@/lib/validations/orders";
import { orderRow } from "@/lib/orders/order-rows";
import { capTakes, isSoldOut, soldOutConflict } from "@/lib/orders/order-stock";

export const PAYMENT_REQUIRED = "Payment required";
export const BYPASS_DISABLED =
  "Alternative payment methods are not available at the moment. Please pay by card.";
/** Issue 44: the school turned paying later by transfer off (Settings › Payment Settings). */
export const BANK_TRANSFER_OFF =
  "The school has turned off paying later by bank transfer. Please choose another way to pay.";
/** The payment processor of orders to be paid by mobile money or bank transfer. */
export const BYPASS_PROCESSOR = "BYPASS";

type Payment = {
  paymentStatus: "confirmed" | "pending";
  paymentProcessor: "DISCOUNT" | typeof BYPASS_PROCESSOR | typeof CREDIT_PROCESSOR;
};

/**
 * Places a cart that costs nothing (a 100% discount code), or whose total the account's credit
 * covers (issue 17: processor CREDIT, the credit spent in the same transaction), without a card:
 * every order of the cart or none. A cart with anything left to pay is refused (402); it goes
 * through the card or mobile-money payment, which spends the credit first.
 */
export async function placeFreeOrders(
  school: SchoolContext,
  actor: SessionUser,
  items: OrderItemInput[],
): Promise<{ orders: OrderDto[] }> {
  // Asked together: the channels' setting shares the cart's version check (issue 48).
  const [terms, offered] = await Promise.all([
    readCartTerms(school, actor, items),
    offeredChannels(school),
  ]);
  return placeCart(school, actor, items, { terms, offered }, (cart) => {
    if (cart.totalNgwee === 0) return freeCart(school, actor, cart);
    const balance = cart.credit.balanceNgwee;
    if (balance < cart.totalNgwee) throw paymentRequired(cart.total, balance);
    return {
      spendCredit: true,
      decide: (lockedNgwee) => {
        if (lockedNgwee < cart.totalNgwee) throw paymentRequired(cart.total, lockedNgwee);
        return {
          plan: cart.lines.map((line) => ({
            payment: PAID_BY_CREDIT,
            creditNgwee: toNgwee(line.discountedPrice),
          })),
          ...confirmation(school, actor, cart, "credit"),
        };
      },
    };
  });
}

/** The cart's confirmation: its e-mail and, for the parent's phone, its SMS and WhatsApp texts. */
function confirmation(
  school: SchoolContext,
  actor: SessionUser,
  cart: PricedCart,
  paid: "credit" | "free",
): Pick<Decision, "email" | "confirmation"> {
  return {
    email: orderConfirmationEmail(actor, cart.lines, cart.total),
    confirmation: orderConfirmationTexts(school.name, cart.lines, cart.total, paidByText(paid)),
  };
}

const PAID_BY_CREDIT: Payment = { paymentStatus: "confirmed", paymentProcessor: CREDIT_PROCESSOR };
/** A line that costs nothing is confirmed at once, as a free cart's lines are. */
const FREE: Payment = { paymentStatus: "confirmed", paymentProcessor: "DISCOUNT" };
const AWAITING_PAYMENT: Payment = { paymentStatus: "pending", paymentProcessor: BYPASS_PROCESSOR };

/**
 * Places a cart to be paid by Airtel Money, MTN Money or bank transfer (the payment bypass
 * setting): the same checks and the same one transaction as a free cart, the orders pending
 * payment (processor BYPASS) until an admin verifies them in Pending Payments, and the payment
 * instructions e-mailed to the orderer. A cart that costs nothing is simply a free order.
 */
export async function placeAlternativePaymentOrders(
  school: SchoolContext,
  actor: SessionUser,
  items: OrderItemInput[],
): Promise<{ orders: OrderDto[] }> {
  // A suspended school's answer before its payment settings' (checkCart asks again).
  assertOpenForOrdering(school);
  const [settings, bankTransfer] = await Promise.all([
    getPaymentBypassSettings(school),
    getBankTransferSetting(school),
  ]);
  if (!settings.enabled) throw conflict(BYPASS_DISABLED);
  if (!bankTransfer.enabled) throw conflict(BANK_TRANSFER_OFF);
  const [terms, offered] = await Promise.all([
    readCartTerms(school, actor, items),
    offeredChannels(school),
  ]);
  return placeCart(school, actor, items, { terms, offered }, (cart) => {
    if (cart.totalNgwee === 0) return freeCart(school, actor, cart);
    // Issue 44: the account's credit is spent first, under the account's lock, and only the rest
    // is asked for. A meal the credit pays wholly is paid (processor CREDIT); the others wait for
    // the school to verify the transfer, each carrying the credit it already took.
    return {
      spendCredit: cart.credit.balanceNgwee > 0,
      decide: (lockedNgwee) => {
        const prices = cart.lines.map((line) => toNgwee(line.discountedPrice));
        const shares = allocateCredit(prices, lockedNgwee);
        const spent = shares.reduce((sum, share) => sum + share, 0);
        const due = cart.totalNgwee - spent;
        return {
          plan: shares.map((share, n) => ({
            payment:
              prices[n] === 0 ? FREE : share === prices[n] ? PAID_BY_CREDIT : AWAITING_PAYMENT,
            creditNgwee: share,
          })),
          // Paid wholly by credit: a confirmation; else the transfer's instructions, plain mail.
          ...(due === 0
            ? confirmation(school, actor, cart, "credit")
            : {
                email: bypassInstructionsEmail(
                  actor,
                  cart.lines,
                  fromNgwee(due),
                  settings,
                  fromNgwee(spent),
                ),
              }),
        };
      },
    };
  });
}

/** 402: with no credit as the spec says; with some, how much of the total it covers. */
function paymentRequired(total: string, balance: number): ApiError {
  if (balance <= 0) return new ApiError(402, PAYMENT_REQUIRED, { total });
  const due = toNgwee(total) - balance;
  return new ApiError(402, PAYMENT_REQUIRED, {
    total,
    credit: fromNgwee(balance),
    amountDue: fromNgwee(due),
  });
}

/** A cart that costs nothing: every line confirmed at once, no credit spent. */
function freeCart(school: SchoolContext, actor: SessionUser, cart: PricedCart): Choice {
  return {
    spendCredit: false,
    decide: () => ({
      plan: cart.lines.map(() => ({ payment: FREE, creditNgwee: 0 })),
      ...confirmation(school, actor, cart, "free"),
    }),
  };
}

/**
 * How each line of the cart is paid, and the credit (ngwee) it takes; and the e-mail, with the
 * phone texts when it confirms the orders (CartPlan).
 */
type Decision = {
  plan: { payment: Payment; creditNgwee: number }[];
  email: Email | null;
  confirmation?: PhoneTexts;
};

/**
 * How a checked cart is placed: whether it spends credit (the balance is then read again under the
 * account's lock) and its decision given that balance (0 when it spends none).
 */
type Choice = { spendCredit: boolean; decide: (lockedBalanceNgwee: number) => Decision };

/** A day of the cart was closed by the school between the cart's check and its insert. */
export const DAY_CLOSED_MEANWHILE =
  "School Closed: the school has just closed a day in your cart. Please review your cart.";

/**
 * The cart checked and every line of it placed as one order, with the e-mail, in one transaction
 * (all or nothing), answered with each order and its child and item as the cart read them. The
 * cart is read in the statement that takes the transaction's locks (decision 0114), then `choose`
 * says how it is paid (or refuses it, which rolls back). The one-live-order index is the guard
 * against a day ordered meanwhile (409 Already Ordered). A cart paid by credit takes the credit
 * under the account's lock, and records one movement per order, in the same transaction. Capped
 * lines take their portions in the same transaction (409 naming the item and day when one is sold
 * out).
 */
async function placeCart(
  school: SchoolContext,
  actor: SessionUser,
  items: OrderItemInput[],
  { terms, offered }: { terms: CartTerms; offered: Channel[] },
  choose: (cart: PricedCart) => Choice,
): Promise<{ orders: OrderDto[] }> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  let placed: { cart: PricedCart; payments: Payment[]; orders: PlacedOrder[] } | null;
  let checkedLines: PricedLine[] = [];
  try {
    placed = await db.$transaction(async (tx) => {
      const checked = await checkCartLocked(tx, school, actor, items, terms);
      if (!checked) return null;
      const { cart, locks } = checked;
      checkedLines = cart.lines;
      const { spendCredit, decide } = choose(cart);
      let payments: Payment[] = [];
      const inserted = await insertOrders(
        tx,
        school,
        actor.id,
        {
          lines: cart.lines,
          spendsCredit: spendCredit,
          stock: capTakes(cart.lines),
          offered,
          locks,
        },
        (lockedNgwee) => {
          const { plan, email, confirmation } = decide(lockedNgwee);
          payments = cart.lines.map((_, n) => plan[n]?.payment ?? AWAITING_PAYMENT);
          const orders = cart.lines.map((line, n) => ({
            ...orderRow(actor.id, line, payments[n]!),
            credit: fromNgwee(plan[n]?.creditNgwee ?? 0),
            n,
          }));
          return { orders, email, ...(confirmation && { confirmation }) };
        },
      );
      return inserted && { cart, payments, orders: inserted.placed };
    });
  } catch (error) {
    // Two requests for the same child and day at once: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw conflict(ALREADY_ORDERED);
    // Issue 47: a capped day sold out since the cart was read: nothing placed, nothing charged.
    if (isSoldOut(error)) throw soldOutConflict(error.days, checkedLines);
    throw error;
  }
  if (!placed) throw conflict(DAY_CLOSED_MEANWHILE);
  kickOutbox(schoolId);
  const { cart, payments } = placed;
  return {
    orders: placed.orders.map(({ n, id, orderDate }) =>
      placedOrderDto(id, orderDate, cart.lines[n]!, payments[n]!, cart.students),
    ),
  };
}

/** A placed order's answer, from its checked line and row: the same as reading it back. */
function placedOrderDto(
  id: number,
  orderDate: Date,
  line: PricedLine,
  payment: Payment,
  students: PricedCart["students"],
): OrderDto {
  const student = students.get(line.studentId)!;
  return {
    id,
    orderDate: orderDate.toISOString(),
    student: {
      name: student.name,
      grade: student.grade,
      allergies: student.allergies,
      dietaryNotes: student.dietaryNotes,
    },
    menuItem: { name: line.menuItemName },
    weekNumber: line.weekNumber,
    dayOfWeek: line.dayOfWeek,
    category: line.category,
    sideDish: line.sideDish,
    comments: line.comments,
    originalPrice: line.originalPrice,
    discountedPrice: line.discountedPrice,
    discountPercentage: line.discountPercentage,
    allergyAcknowledged: line.allergyAcknowledged === true,
    cycleId: line.cycleId,
    studentId: line.studentId,
    menuItemId: line.menuItemId,
    status: "pending",
    paymentStatus: payment.paymentStatus,
  };
}
