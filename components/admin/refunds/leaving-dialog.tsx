"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextareaField } from "@/components/ui/form-fields";
import { RefundHowFields } from "./refund-method-radios";
import type { LeavingFamilyDto } from "@/lib/contracts/card-refunds";
import { formatZmw } from "@/lib/money";
import {
  LEAVING_HAND_METHODS,
  leavingSchema,
  type LeavingInput,
  type LeavingValues,
} from "@/lib/validations/refunds";

// "Give credit back" (issue 49): a family leaving the school gets its whole credit back at once.
// The card part goes back through DPO when confirmed; the rest the office pays by hand, and says
// how (cash, mobile money or bank transfer, with a reference).

export function LeavingDialog({
  family,
  pending,
  onClose,
  onConfirm,
}: {
  family: LeavingFamilyDto | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (values: LeavingValues) => void;
}) {
  const form = useForm<LeavingInput, unknown, LeavingValues>({
    resolver: zodResolver(leavingSchema),
    values: { familyId: family?.id ?? 0, method: "cash", reference: "", note: "" },
  });
  const byHand = family ? family.byHand !== "0.00" : false;
  const submit = form.handleSubmit((values) =>
    onConfirm(byHand ? values : { ...values, method: undefined, reference: null }),
  );

  return (
    <FormDialog
      open={family !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Give the whole credit back"
      description={
        family ? (
          <>
            {family.name} leaves the school with {formatZmw(family.balance)} of credit:{" "}
            {formatZmw(family.byCard)} back to the card(s) through DPO, {formatZmw(family.byHand)}{" "}
            paid by the office.
          </>
        ) : null
      }
      className="max-h-[90dvh] overflow-y-auto"
      form={form}
      onSubmit={submit}
      pending={pending}
      submitLabel="Give credit back"
      pendingLabel="Refunding..."
    >
      {byHand && (
        <>
          <RefundHowFields
            control={form.control}
            legend={<>How the office paid {family && formatZmw(family.byHand)}</>}
            methods={LEAVING_HAND_METHODS}
          />
        </>
      )}
      <TextareaField control={form.control} name="note" label="Note (optional)" rows={2} />
    </FormDialog>
  );
}
