import "server-only";

// How a checkout's credit is shared among the meals of a cart (issue 44): the credit goes to the
// lines in the cart's order, each taking up to its price, so every ngwee of credit spent names the
// meal it paid for and comes back with that meal when it is cancelled.

/** Each line's share of `creditNgwee` (ngwee, ≥ 0), in line order; their sum is min(credit, total). */
export function allocateCredit(pricesNgwee: readonly number[], creditNgwee: number): number[] {
  let left = Math.max(0, creditNgwee);
  return pricesNgwee.map((price) => {
    const share = Math.min(Math.max(0, price), left);
    left -= share;
    return share;
  });
}
