import "server-only";
import { createHash } from "node:crypto";
import { unprocessable } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import { creditToSpend } from "@/lib/contracts/credit";
import type { SchoolContext } from "@/lib/contracts/schools";
import { fromNgwee, toNgwee } from "@/lib/money";
import { checkCart, type PricedCart } from "@/lib/orders/check-cart";
import { assertNotSoldOut } from "@/lib/orders/order-stock";
import type { OrderItemInput } from "@/lib/validations/orders";

// The cart a card or mobile-money payment is for: checked and priced again on the server, less the
// account's credit, and matched against the amount the browser shows (lib/payments/open-attempt.ts
// then opens the one transaction for it).

export const AMOUNT_MISMATCH = "Payment amount does not match cart total";
export const CREDIT_COVERS =
  "Your account credit covers this order: place it without a card or mobile money payment";

/**
 * A cart as a payment sees it: the credit it spends first (issue 17), held on the attempt, and the
 * amount left to pay by card or mobile money.
 */
export type PayableCart = PricedCart & {
  cartKey: string;
  creditNgwee: number;
  dueNgwee: number;
  /** total − credit, 2 decimals: what the provider is asked for. */
  amountDue: string;
};

/**
 * The cart priced by the server, less the account's credit, refused when free, when the credit
 * covers it, or when the browser's amount differs from what is left to pay.
 */
export async function pricedCart(
  school: SchoolContext,
  actor: SessionUser,
  input: { amount: string | number; cartItems: OrderItemInput[] },
): Promise<PayableCart> {
  const cart = await checkCart(school, actor, input.cartItems);
  // Issue 47: a capped day already sold out is refused before the parent pays.
  await assertNotSoldOut(school.id, cart.lines);
  if (cart.totalNgwee === 0) {
    throw unprocessable("This order is free: place it without a card payment");
  }
  // The credit held on the parent's open payment counts too: that payment is settled (and its
  // credit released) before this one holds any, or reused when it is this very cart.
  const creditNgwee = creditToSpend(cart.credit.spendableNgwee, cart.totalNgwee);
  const dueNgwee = cart.totalNgwee - creditNgwee;
  if (dueNgwee === 0) throw unprocessable(CREDIT_COVERS, { credit: fromNgwee(creditNgwee) });
  const amountDue = fromNgwee(dueNgwee);
  if (!amountMatches(input.amount, dueNgwee)) {
    throw unprocessable(AMOUNT_MISMATCH, {
      expected: amountDue,
      ...(creditNgwee > 0 && { total: cart.total, credit: fromNgwee(creditNgwee) }),
    });
  }
  return { ...cart, cartKey: digest(cart, creditNgwee), creditNgwee, dueNgwee, amountDue };
}

function amountMatches(amount: string | number, totalNgwee: number): boolean {
  try {
    const asked = typeof amount === "number" ? Math.round(amount * 100) : toNgwee(amount);
    return Math.abs(asked - totalNgwee) <= 1; // the spec's tolerance of 0.01
  } catch {
    return false;
  }
}

/** The same children, days, meals, prices and credit give the same digest. */
function digest(cart: PricedCart, creditNgwee: number): string {
  const lines = cart.lines
    .map((l) => [
      l.studentId,
      l.cycleId,
      l.weekNumber,
      l.dayOfWeek,
      l.menuItemId,
      l.category,
      l.sideDish,
      l.comments,
      l.discountedPrice,
    ])
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return createHash("sha256")
    .update(
      JSON.stringify(creditNgwee > 0 ? [lines, cart.total, creditNgwee] : [lines, cart.total]),
    )
    .digest("hex");
}
