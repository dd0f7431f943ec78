import { paymentMethodLabel, type PaymentMethodInfo } from "@/lib/contracts/mobile-money";
import { cn } from "@/lib/utils";

// How a payment was made (issue 16), as Live Orders, Order Recovery and Order History show it:
// "Card", or the wallet and the masked number ("Airtel Money 097****456").
export function PaymentMethod({
  payment,
  className,
}: {
  payment: PaymentMethodInfo;
  className?: string;
}) {
  return (
    <span data-testid="payment-method" className={cn("break-words", className)}>
      {paymentMethodLabel(payment)}
      {payment.maskedNumber ? (
        <span className="font-mono whitespace-nowrap"> {payment.maskedNumber}</span>
      ) : null}
    </span>
  );
}
