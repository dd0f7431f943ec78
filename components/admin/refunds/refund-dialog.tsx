"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextareaField } from "@/components/ui/form-fields";
import { RefundHowFields } from "./refund-method-radios";
import type { RefundDto } from "@/lib/contracts/orders";
import { REFUND_METHODS, type RefundMethod } from "@/lib/contracts/refunds";
import { formatZmw } from "@/lib/money";
import {
  refundCompleteSchema,
  type RefundCompleteInput,
  type RefundCompleteValues,
} from "@/lib/validations/refunds";

// "Mark as Refunded" (issue 25 part 3): how the money went back, a reference and a note, recorded
// with the refund. A card is refunded in DPO's portal, not here; account credit is credited now.

const HINTS: Partial<Record<RefundMethod, string>> = {
  card_reversal:
    "Reverse the card payment in DPO's merchant portal first; this only records that it was done.",
  credit: "The paid amount is added to the parent's account credit now.",
  mobile_money: "Enter the mobile-money transaction id as the reference.",
};

export function RefundDialog({
  refund,
  initialMethod,
  pending,
  onClose,
  onConfirm,
}: {
  refund: RefundDto | null;
  initialMethod: RefundMethod;
  pending: boolean;
  onClose: () => void;
  onConfirm: (orderId: number, values: RefundCompleteValues) => void;
}) {
  const form = useForm<RefundCompleteInput, unknown, RefundCompleteValues>({
    resolver: zodResolver(refundCompleteSchema),
    values: { method: initialMethod, reference: "", note: "" },
  });
  const method = useWatch({ control: form.control, name: "method" });
  const submit = form.handleSubmit((values) => {
    if (refund) onConfirm(refund.id, values);
  });
  const hint = method ? HINTS[method] : undefined;

  return (
    <FormDialog
      open={refund !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Mark as Refunded"
      description={
        refund ? (
          <>
            {refund.menuItem.name} for {refund.student.name}: {formatZmw(refund.amount)}. How did
            the money go back?
          </>
        ) : null
      }
      className="max-h-[90dvh] overflow-y-auto"
      form={form}
      onSubmit={submit}
      pending={pending}
      submitLabel="Confirm Refund"
      pendingLabel="Refunding..."
    >
      <RefundHowFields
        control={form.control}
        legend="Refund method"
        methods={REFUND_METHODS}
        hint={hint}
      />
      <TextareaField control={form.control} name="note" label="Note (optional)" rows={2} />
    </FormDialog>
  );
}
