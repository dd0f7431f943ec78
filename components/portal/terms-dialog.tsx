import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useSchoolName } from "@/components/school-brand";

// Terms and Conditions with the Refund Policy of spec 000 §9.
export function TermsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const shopName = useSchoolName();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Terms and Conditions</DialogTitle>
          <DialogDescription>How ordering and refunds work at {shopName}.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 text-sm">
          <h3 className="font-semibold">Orders</h3>
          <p>
            Meals are pre-ordered for the days of the active order cycle. An order can be cancelled
            from Order History within 1 hour of placing it.
          </p>
          <h3 className="font-semibold">Refund Policy</h3>
          <ul className="grid list-disc gap-2 pl-5">
            <li>Cash refunds are given in person within 1 hour of placing the order.</li>
            <li>Mobile money refunds are paid within 3-5 business days.</li>
            <li>Refund requests are processed within 48 hours.</li>
            <li>
              No refund is given after 24 hours from the order date, when the meal was consumed, or
              without proof of the order.
            </li>
          </ul>
        </div>
      </DialogContent>
    </Dialog>
  );
}
