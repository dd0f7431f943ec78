"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/ui/form-dialog";
import { SwitchField, TextareaField } from "@/components/ui/form-fields";
import { RefundHowFields } from "./refund-method-radios";
import { CHECK_DPO_FIRST, type CardRefundDto } from "@/lib/contracts/card-refunds";
import { REFUND_METHODS } from "@/lib/contracts/refunds";
import { formatZmw } from "@/lib/money";
import {
  cardRefundByHandSchema,
  LEAVING_HAND_METHODS,
  type CardRefundByHandInput,
  type CardRefundByHandValues,
} from "@/lib/validations/refunds";

// "Pay by hand instead" (issue 49): a card refund DPO will not make is paid back another way. An
// order's refund may also go to the family's credit; a leaving family's is paid out. After a call
// DPO never answered, the office first confirms it checked DPO's portal: a refund DPO made and
// then paid by hand too would pay the family twice.

/** A leaving family is paid out (never to credit): by hand, or reversed in DPO's portal. */
const LEAVING_BY_HAND = [...LEAVING_HAND_METHODS, "card_reversal"] as const;

/** DPO was asked at least once and no answer came: it may have refunded, whatever came after. */
export function unanswered(refund: CardRefundDto): boolean {
  return refund.unansweredCalls > 0;
}

export function ByHandDialog({
  refund,
  pending,
  onClose,
  onConfirm,
}: {
  refund: CardRefundDto | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (values: CardRefundByHandValues) => void;
}) {
  const form = useForm<CardRefundByHandInput, unknown, CardRefundByHandValues>({
    resolver: zodResolver(cardRefundByHandSchema),
    values: { method: "cash", reference: "", note: "", checkedDpo: false },
  });
  const leaving = refund?.orderId === null;
  const mustCheck = refund ? unanswered(refund) : false;
  const submit = form.handleSubmit((values) => {
    if (mustCheck && values.checkedDpo !== true) {
      form.setError("checkedDpo", { message: CHECK_DPO_FIRST });
      return;
    }
    onConfirm(values);
  });

  return (
    <FormDialog
      open={refund !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Pay back by hand instead"
      description={
        refund ? (
          <>
            {formatZmw(refund.amount)} for {refund.family.name}
            {leaving ? " (leaving the school)" : ` (order ${refund.orderId})`} will not be asked of
            DPO again. Say how the office paid it back.
          </>
        ) : null
      }
      className="max-h-[90dvh] overflow-y-auto"
      form={form}
      onSubmit={submit}
      pending={pending}
      submitLabel="Record as paid by hand"
      pendingLabel="Recording..."
    >
      {mustCheck && (
        <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>
            DPO never answered this refund: it may have refunded the card already. Look for
            &ldquo;Refund {refund?.id}&rdquo; in DPO&apos;s portal first.
          </p>
          <SwitchField
            control={form.control}
            name="checkedDpo"
            label="I checked DPO's portal: this refund was not made"
          />
          {form.formState.errors.checkedDpo && (
            <p role="alert" className="font-medium text-destructive">
              {form.formState.errors.checkedDpo.message}
            </p>
          )}
        </div>
      )}
      <RefundHowFields
        control={form.control}
        legend="How the money went back"
        methods={leaving ? LEAVING_BY_HAND : REFUND_METHODS}
      />
      <TextareaField control={form.control} name="note" label="Note (optional)" rows={2} />
    </FormDialog>
  );
}
