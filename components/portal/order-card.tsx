import { Loader2, ReceiptText, XCircle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  capitalize,
  formatDayDate,
  formatInstant,
  pendingExplanation,
  weekdayName,
} from "@/lib/client/format";
import { refundState } from "@/lib/client/orders";
import type { OrderDto, OrderStatus } from "@/lib/contracts";
import { paymentMethodText } from "@/lib/contracts/mobile-money";
import { refundMethodLabel } from "@/lib/contracts/refunds";
import { formatZmw } from "@/lib/money";
import { cycleDayDate } from "@/lib/school-calendar";

const STATUS_VARIANT: Record<OrderStatus, "warning" | "success" | "destructive" | "secondary"> = {
  pending: "warning",
  completed: "success",
  cancelled: "destructive",
  refunded: "secondary",
};

/** Payment status: confirmed, pending; any other value is styled as failed (spec 000 §4). */
function paymentVariant(status: string) {
  if (status === "confirmed") return "success" as const;
  if (status === "pending") return "warning" as const;
  return "destructive" as const;
}

// One order of Order History (spec 000 §2): meal, student, day, choices, price and statuses.
export function OrderCard({
  order,
  cycleStart,
  timeZone,
  canCancel,
  cancelling = false,
  onCancel,
  onReceipt,
}: {
  order: OrderDto;
  cycleStart: string | undefined;
  timeZone: string;
  canCancel: boolean;
  /** The cancel was sent and the server has not answered yet. */
  cancelling?: boolean;
  onCancel: () => void;
  /** Issue 49: reopens the receipt of the payment that paid for this order. */
  onReceipt?: (reference: string) => void;
}) {
  const day = weekdayName(order.dayOfWeek);
  const date = cycleStart
    ? ` ${formatDayDate(cycleDayDate(cycleStart, order.weekNumber, order.dayOfWeek))}`
    : "";
  const discounted = order.discountedPrice !== order.originalPrice;
  const rows: [string, string][] = [
    ["Ordered", formatInstant(order.orderDate, timeZone)],
    ["Day", `Week ${order.weekNumber}, ${day}${date}`],
  ];
  if (order.category) rows.push(["Protein", capitalize(order.category)]);
  if (order.sideDish) rows.push(["Side", order.sideDish]);
  if (order.comments) rows.push(["Instructions", order.comments]);
  if (order.payment) rows.push(["Paid with", paymentMethodText(order.payment)]);
  if (order.paymentReference) rows.push(["Payment reference", order.paymentReference]);
  // Issue 24 §4: a cancelled paid order says where its money is; once refunded with a record
  // (issue 25), how it went back.
  const refund = refundState(order);
  const showReceipt = Boolean(
    order.paymentReference && order.paymentStatus === "confirmed" && onReceipt,
  );
  if (order.refund) {
    const reference = order.refund.reference ? ` (${order.refund.reference})` : "";
    rows.push(["Refunded", `${refundMethodLabel(order.refund.method)}${reference}`]);
  } else if (refund === "pending") {
    rows.push(["Refund", "Refund pending: the school office refunds this payment"]);
  } else if (refund === "refunded") {
    rows.push(["Refund", "Refunded by the school office"]);
  }

  return (
    <li className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">{order.menuItem.name}</p>
          <p className="text-sm text-muted-foreground">{order.student.name}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant={STATUS_VARIANT[order.status] ?? "secondary"}>
            {capitalize(order.status)}
          </Badge>
          <Badge variant={paymentVariant(order.paymentStatus)}>
            Payment: {capitalize(order.paymentStatus)}
          </Badge>
          {refund === "pending" && <Badge variant="warning">Refund pending</Badge>}
        </div>
        {pendingExplanation(order) && (
          <p className="w-full text-sm text-muted-foreground">{pendingExplanation(order)}</p>
        )}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="text-muted-foreground">Price</dt>
          <dd>
            <span className="font-semibold">{formatZmw(order.discountedPrice)}</span>
            {discounted && (
              <s className="ml-2 text-muted-foreground">
                <span className="sr-only">Was </span>
                {formatZmw(order.originalPrice)}
              </s>
            )}
          </dd>
        </div>
      </dl>
      {cancelling && (
        <p role="status" className="flex min-h-11 items-center gap-2 text-sm text-muted-foreground">
          <Loader2 aria-hidden className="size-4 animate-spin" /> Cancelling your order…
        </p>
      )}
      {(showReceipt || (canCancel && !cancelling)) && (
        <div className="flex flex-wrap gap-2">
          {showReceipt && (
            <Button
              variant="outline"
              className="w-full sm:w-fit"
              onClick={() => onReceipt?.(order.paymentReference ?? "")}
              aria-label={`View receipt: ${order.menuItem.name} for ${order.student.name}, ${day}`}
            >
              <ReceiptText aria-hidden /> View receipt
            </Button>
          )}
          {canCancel && !cancelling && (
            <Button
              variant="outline"
              className="w-full border-destructive text-destructive hover:bg-destructive/10 hover:text-destructive sm:w-fit"
              onClick={onCancel}
              aria-label={`Cancel Order: ${order.menuItem.name} for ${order.student.name}, ${day}`}
            >
              <XCircle aria-hidden /> Cancel Order
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
