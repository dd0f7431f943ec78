import { Smartphone } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import type { CartTotals } from "@/lib/client/cart-checkout";
import type { MyDiscountCodeDto } from "@/lib/contracts";
import { formatNgwee } from "@/lib/money";

// Subtotal, discount and total in ZMW with 2 decimals, and Place Order: disabled while the cart
// holds an item that can no longer be ordered (spec 000 §2). An empty cart shows no summary.
// With mobile money on, "Pay with Mobile Money" beside the card; with the payment bypass on, a
// button places the order to pay by mobile money or bank transfer by hand.
export const ALTERNATIVE_LABEL = "Pay by Mobile Money or Bank Transfer";
/** With mobile money by push on, the one mobile-money choice is that one (issue 44). */
export const BANK_ONLY_LABEL = "Pay by bank transfer";

export function CartSummary({
  totals,
  credit = 0,
  due = totals.total,
  code,
  blocked,
  placing,
  onPlaceOrder,
  onPayMobile,
  onPayAlternative,
  alternativeLabel = ALTERNATIVE_LABEL,
}: {
  totals: CartTotals;
  /** Account credit this cart spends (issue 17), and what is left to pay, in ngwee. */
  credit?: number;
  due?: number;
  code: MyDiscountCodeDto | null;
  /** Some line can no longer be ordered. */
  blocked: boolean;
  placing: boolean;
  onPlaceOrder: () => void;
  /** Shown only when mobile money is on and there is something to pay (issue 16). */
  onPayMobile?: () => void;
  /** Shown only when the alternative payment methods are on and there is something to pay. */
  onPayAlternative?: () => void;
  /** The alternative's name: without mobile money by hand when the Cart offers it by push. */
  alternativeLabel?: string;
}) {
  const hintId = useId();
  const captionId = useId();
  // Issue 44: each way to pay says in a line what it does and for how much. Place Order keeps the
  // spec's name (spec 000 §2); its line says it pays by card, or that nothing is left to pay.
  const toPay = formatNgwee(due);
  const cardLine =
    due > 0 ? `Pay by card – ${toPay}` : credit > 0 ? "Paid from your account credit" : null;
  const alternativeLine =
    alternativeLabel === BANK_ONLY_LABEL
      ? `Transfer ${toPay} to the school's bank account: the e-mail gives the details, and the office confirms your meals when the money arrives.`
      : `Send ${toPay} by Airtel Money, MTN Money or bank transfer: the e-mail gives the details, and the office confirms your meals when the money arrives.`;
  return (
    <section
      aria-label="Order summary"
      className="grid h-fit gap-4 rounded-xl border bg-card p-4 shadow-sm"
    >
      <h3 className="font-semibold">Order Summary</h3>
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-2">
          <dt>Subtotal</dt>
          <dd data-testid="cart-subtotal">{formatNgwee(totals.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt>
            Discount
            {code && code.discountPercentage > 0 && (
              <span className="text-muted-foreground">
                {" "}
                ({code.code}, {code.discountPercentage}%)
              </span>
            )}
          </dt>
          <dd data-testid="cart-discount">
            {totals.discount > 0 ? `−${formatNgwee(totals.discount)}` : formatNgwee(0)}
          </dd>
        </div>
        <div className="flex justify-between gap-2 border-t pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid="cart-total">{formatNgwee(totals.total)}</dd>
        </div>
        {credit > 0 && (
          <>
            <div className="flex justify-between gap-2">
              <dt>Account credit</dt>
              <dd data-testid="cart-credit">−{formatNgwee(credit)}</dd>
            </div>
            <div className="flex justify-between gap-2 font-semibold">
              <dt>To pay</dt>
              <dd data-testid="cart-due">{formatNgwee(due)}</dd>
            </div>
          </>
        )}
      </dl>
      <Button
        size="lg"
        className="w-full"
        disabled={blocked || placing}
        aria-describedby={
          [cardLine ? `${captionId}-card` : "", blocked ? hintId : ""].join(" ").trim() || undefined
        }
        onClick={onPlaceOrder}
      >
        {placing ? "Placing Order..." : "Place Order"}
      </Button>
      {cardLine && (
        <p id={`${captionId}-card`} className="-mt-2 text-center text-sm text-muted-foreground">
          {cardLine}
        </p>
      )}
      {(
        [
          [
            onPayMobile,
            "Pay with Mobile Money",
            <Smartphone key="icon" aria-hidden />,
            `A request for ${toPay} comes to your Airtel or MTN phone: approve it there.`,
          ],
          [onPayAlternative, alternativeLabel, null, alternativeLine],
        ] as const
      ).map(([onPay, label, icon, line], n) =>
        onPay ? (
          <div key={label} className="grid gap-1">
            <Button
              size="lg"
              variant="outline"
              className="h-auto min-h-10 w-full whitespace-normal"
              disabled={blocked || placing}
              aria-describedby={[`${captionId}-${n}`, blocked ? hintId : ""].join(" ").trim()}
              onClick={onPay}
            >
              {icon}
              {label}
            </Button>
            <p id={`${captionId}-${n}`} className="text-sm text-muted-foreground">
              {line}
            </p>
          </div>
        ) : null,
      )}
      {blocked && (
        <p id={hintId} className="text-sm text-destructive">
          Remove the unavailable items to place your order.
        </p>
      )}
    </section>
  );
}
