"use client";

import { formatLiveTime } from "@/components/admin/live-orders/live-order-format";
import { Badge } from "@/components/ui/badge";
import { PaymentMethod } from "@/components/payment/payment-method";
import { useSchoolBrand } from "@/components/school-brand";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { weekdayName, capitalize } from "@/lib/client/format";
import type { FailedOrder } from "@/lib/contracts/live-orders";
import { formatZmw } from "@/lib/money";
import { recoveryBadgeVariant } from "@/lib/payments/attempt-transitions";

// The Order Details dialog of Order Recovery (spec 001 §2): the cart's meals, the payment
// reference, the status and the total.

/** An amount with its decimals, or 'N/A' when missing or unreadable. */
export function money(value: string | null): string {
  if (value === null) return "N/A";
  try {
    return formatZmw(value);
  } catch {
    return "N/A";
  }
}

export function OrderDetailsDialog({
  order,
  onClose,
}: {
  order: FailedOrder | null;
  onClose: () => void;
}) {
  const { timeZone } = useSchoolBrand();
  return (
    <Dialog open={order !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Order Details</DialogTitle>
          <DialogDescription>
            {order ? `${order.student.name} · ${formatLiveTime(order.orderDate, timeZone)}` : ""}
          </DialogDescription>
        </DialogHeader>
        {order && (
          <div className="grid gap-4 text-sm">
            <ul className="grid gap-3">
              {order.cartItems.map((item, index) => (
                <li key={index} className="grid gap-0.5 rounded-md border p-3">
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="font-medium">{item.menuItem.name}</span>
                    <span className="tabular-nums">{money(item.price)}</span>
                  </div>
                  <div className="text-muted-foreground">
                    Week {item.weekNumber}, {weekdayName(item.dayOfWeek)}
                  </div>
                  {item.category && <div>Category: {capitalize(item.category)}</div>}
                  {item.sideDish && <div>Side dish: {item.sideDish}</div>}
                  {item.comments && <div>Comments: {item.comments}</div>}
                </li>
              ))}
            </ul>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">Payment Reference</dt>
              <dd className="font-mono text-xs break-all">{order.paymentRef}</dd>
              <dt className="text-muted-foreground">Paid with</dt>
              <dd>
                <PaymentMethod payment={order.payment} />
              </dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <Badge variant={recoveryBadgeVariant(order.status)}>{order.status}</Badge>
              </dd>
              <dt className="text-muted-foreground">Total</dt>
              <dd className="font-medium tabular-nums">{money(order.amount)}</dd>
            </dl>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
