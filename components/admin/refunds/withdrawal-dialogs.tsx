"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextareaField, TextField } from "@/components/ui/form-fields";
import {
  PAYOUT_METHODS,
  PAYOUT_REFERENCE_MAX,
  type AdminWithdrawalDto,
} from "@/lib/contracts/withdrawals";
import { formatZmw } from "@/lib/money";
import {
  declineSchema,
  payoutSchema,
  type DeclineInput,
  type PayoutInput,
} from "@/lib/validations/withdrawals";

// Refund Management's Pay out and Decline (issue 47). Pay out records how the money went and the
// transfer's reference (the ledger does not move: the request already held it); Decline gives the
// family a reason and their money back in the wallet.

const who = (row: AdminWithdrawalDto) =>
  `${formatZmw(row.amount)} for ${row.accountName}${row.mobileNumber ? ` to ${row.mobileNumber}` : ""}`;

export function PayoutDialog({
  row,
  pending,
  onClose,
  onConfirm,
}: {
  row: AdminWithdrawalDto | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (id: number, values: PayoutInput) => void;
}) {
  const form = useForm<z.input<typeof payoutSchema>, unknown, PayoutInput>({
    resolver: zodResolver(payoutSchema),
    values: { method: row?.operatorLabel ?? PAYOUT_METHODS[0], reference: "" },
  });
  return (
    <FormDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Pay out"
      description={row ? <>Send {who(row)}, then record how. No fee is taken.</> : null}
      className="max-h-[90dvh] overflow-y-auto"
      form={form}
      onSubmit={form.handleSubmit((values) => row && onConfirm(row.id, values))}
      pending={pending}
      submitLabel="Record payout"
      pendingLabel="Recording..."
    >
      <TextField
        control={form.control}
        name="method"
        label="Paid by"
        list="payout-methods"
        autoComplete="off"
        description={`For example ${PAYOUT_METHODS.join(", ")}.`}
      />
      <datalist id="payout-methods">
        {PAYOUT_METHODS.map((method) => (
          <option key={method} value={method} />
        ))}
      </datalist>
      <TextField
        control={form.control}
        name="reference"
        label="Reference (optional)"
        placeholder="The transaction id"
        maxLength={PAYOUT_REFERENCE_MAX}
        autoComplete="off"
      />
    </FormDialog>
  );
}

export function DeclineDialog({
  row,
  pending,
  onClose,
  onConfirm,
}: {
  row: AdminWithdrawalDto | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (id: number, values: DeclineInput) => void;
}) {
  const form = useForm<z.input<typeof declineSchema>, unknown, DeclineInput>({
    resolver: zodResolver(declineSchema),
    values: { reason: "" },
  });
  return (
    <FormDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Decline withdrawal"
      description={
        row ? <>Not paying {who(row)}. The money goes back to the family&apos;s wallet.</> : null
      }
      className="max-h-[90dvh] overflow-y-auto"
      form={form}
      onSubmit={form.handleSubmit((values) => row && onConfirm(row.id, values))}
      pending={pending}
      submitLabel="Decline"
      pendingLabel="Declining..."
    >
      <TextareaField
        control={form.control}
        name="reason"
        label="Reason (the family reads it)"
        rows={3}
      />
    </FormDialog>
  );
}
