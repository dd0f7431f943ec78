"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/form-fields";
import type { RefundDto } from "@/lib/contracts/orders";
import { formatZmw } from "@/lib/money";
import { cardRefundSchema, type CardRefundValues } from "@/lib/validations/refunds";

// "Refund to card" (issue 49): the amount (the whole refundable part, or less) goes back to the
// card the order was paid with, through DPO. DPO answers at once: refunded, or refused with its
// reason (the refund then stays pending, to retry from Card refunds through DPO).

export function CardRefundDialog({
  refund,
  pending,
  onClose,
  onConfirm,
}: {
  refund: RefundDto | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (orderId: number, values: CardRefundValues) => void;
}) {
  const refundable = refund?.card?.refundable ?? "0.00";
  const form = useForm<CardRefundValues>({
    resolver: zodResolver(cardRefundSchema),
    values: { amount: refundable },
  });
  const submit = form.handleSubmit((values) => {
    if (refund) onConfirm(refund.id, values);
  });

  return (
    <FormDialog
      open={refund !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Refund to card through DPO"
      description={
        refund ? (
          <>
            {refund.menuItem.name} for {refund.student.name}. Up to {formatZmw(refundable)} can go
            back to the card it was paid with; DPO is asked now.
          </>
        ) : null
      }
      className="max-h-[90dvh] overflow-y-auto"
      form={form}
      onSubmit={submit}
      pending={pending}
      submitLabel="Refund to card"
      pendingLabel="Asking DPO..."
    >
      <TextField
        control={form.control}
        name="amount"
        label="Amount (K)"
        inputMode="decimal"
        autoComplete="off"
      />
    </FormDialog>
  );
}
