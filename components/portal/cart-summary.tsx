import { Smartphone } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import type { CartTotals } from "@/lib/client/cart";
import type { MyDiscountCodeDto } from "@/lib/contracts";
import { formatNgwee } from "@/lib/money";

// Subtotal, discount and total in ZMW with 2 decimals, and Place Order: disabled while the cart
// holds an item that can no longer be ordered (spec 000 §2). An empty cart shows no summary.
// With mobile money on, "Pay with Mobile Money" beside the card; with the payment bypass on, a
// button places the order to pay by mobile money or bank transfer by hand.
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
}) {
  const hintId = useId();
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
        aria-describedby={blocked ? hintId : undefined}
        onClick={onPlaceOrder}
      >
        {placing ? "Placing Order..." : "Place Order"}
      </Button>
      {(
        [
          [onPayMobile, "Pay with Mobile Money", <Smartphone key="icon" aria-hidden />],
          [onPayAlternative, "Pay by Mobile Money or Bank Transfer", null],
        ] as const
      ).map(([onPay, label, icon]) =>
        onPay ? (
          <Button
            key={label}
            size="lg"
            variant="outline"
            className="h-auto min-h-10 w-full whitespace-normal"
            disabled={blocked || placing}
            aria-describedby={blocked ? hintId : undefined}
            onClick={onPay}
          >
            {icon}
            {label}
          </Button>
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
