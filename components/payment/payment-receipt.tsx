import { formatDayDate, weekdayName } from "@/lib/client/format";
import type { PaymentReceiptDto } from "@/lib/contracts/payments";
import { formatZmw } from "@/lib/money";

// What a card payment paid for (issue 24 §4): each child, day and meal with its amount, the total
// and the payment's reference, which Order History shows on each of these orders too.
export function PaymentReceipt({ receipt }: { receipt: PaymentReceiptDto }) {
  return (
    <section aria-label="Receipt" className="grid gap-3 text-left text-sm">
      <ul className="grid gap-2">
        {receipt.lines.map((line) => (
          <li key={line.orderId} className="flex items-start justify-between gap-3 border-b pb-2">
            <span className="min-w-0 break-words">
              <span className="font-medium">{line.studentName}</span>
              <br />
              {weekdayName(line.dayOfWeek)} {formatDayDate(line.date)}: {line.meal}
            </span>
            <span className="shrink-0 font-medium">{formatZmw(line.amount)}</span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between gap-3 text-base font-semibold">
        <span>Total paid</span>
        <span>{formatZmw(receipt.total)}</span>
      </p>
      <p className="break-all text-muted-foreground">
        Payment reference: <span className="font-mono text-foreground">{receipt.reference}</span>
      </p>
    </section>
  );
}
