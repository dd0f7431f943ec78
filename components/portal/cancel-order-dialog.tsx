import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { buttonVariants } from "@/components/ui/button";
import type { OrderDto } from "@/lib/contracts";
import { weekdayName } from "@/lib/client/format";
import { isPaidOrder } from "@/lib/client/orders";
import { formatZmw } from "@/lib/money";

// The Cancel Order confirmation (spec 000 §2).
export function CancelOrderDialog({
  order,
  onOpenChange,
  onConfirm,
}: {
  order: OrderDto | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (order: OrderDto) => void;
}) {
  return (
    <AlertDialog open={order !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel Order</AlertDialogTitle>
          <AlertDialogDescription>
            {order
              ? `Cancel ${order.menuItem.name} for ${order.student.name} on ${weekdayName(order.dayOfWeek)} of week ${order.weekNumber}? This cannot be undone.`
              : ""}
          </AlertDialogDescription>
          {order && isPaidOrder(order) && (
            <p className="text-sm text-muted-foreground">
              You paid {formatZmw(order.discountedPrice)} for this meal. The school office refunds
              it as account credit, which pays your next order, or as its refund policy says; Order
              History shows the refund until it is done.
            </p>
          )}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep Order</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            onClick={() => order && onConfirm(order)}
          >
            Yes, Cancel Order
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
