"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  useCreateDiscountCode,
  useDeleteDiscountCode,
  useDiscountCodes,
  useUpdateDiscountCode,
} from "@/components/admin/settings/use-settings-queries";
import { UserPicker } from "@/components/admin/settings/user-picker";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormControl } from "@/components/ui/form";
import { FormCard } from "@/components/ui/form-card";
import { LabelledField, SwitchField, TextField } from "@/components/ui/form-fields";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import type { DiscountCodeDto, UserSearchResultDto } from "@/lib/contracts/settings";
import { discountCodeSchema, type DiscountCodeInput } from "@/lib/validations/discount-codes";
import type { z } from "zod";

export const DELETE_CODE_CONFIRMATION =
  "Are you sure you want to delete this discount code? This action cannot be undone.";

const EMPTY_FORM: Partial<DiscountCodeInput> = {
  code: "",
  userId: undefined,
  discountPercentage: 10,
  isActive: true,
};

/** Settings › Discount Codes (spec 001 §2, §5): the create form and the table of codes. */
export function DiscountCodesTab() {
  return (
    <div className="grid gap-6">
      <CreateDiscountCodeCard />
      <DiscountCodesCard />
    </div>
  );
}

function CreateDiscountCodeCard() {
  const [user, setUser] = useState<UserSearchResultDto | null>(null);
  const form = useForm<DiscountCodeInput, unknown, z.output<typeof discountCodeSchema>>({
    resolver: zodResolver(discountCodeSchema),
    defaultValues: EMPTY_FORM,
  });
  const create = useCreateDiscountCode(() => {
    form.reset(EMPTY_FORM);
    setUser(null);
  });

  return (
    <FormCard
      title="Create Discount Code"
      description="Give a parent or teacher a code that lowers their prices."
      form={form}
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
      className="grid gap-4 md:grid-cols-2"
      pending={create.isPending}
      submitLabel="Create Discount Code"
      pendingLabel="Creating..."
      submitClassName="md:col-span-2"
    >
      <TextField
        control={form.control}
        name="code"
        label="Code"
        autoComplete="off"
        placeholder="e.g. STAFF10"
      />
      <LabelledField
        control={form.control}
        name="userId"
        label="User"
        render={(field) => (
          <FormControl>
            <UserPicker
              selected={user}
              onSelect={(chosen) => {
                setUser(chosen);
                field.onChange(chosen?.id);
              }}
            />
          </FormControl>
        )}
      />
      <LabelledField
        control={form.control}
        name="discountPercentage"
        label="Discount Percentage"
        render={(field) => (
          <FormControl>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value ?? ""}
              onChange={(event) =>
                field.onChange(event.target.value === "" ? undefined : event.target.valueAsNumber)
              }
            />
          </FormControl>
        )}
      />
      <SwitchField
        control={form.control}
        name="isActive"
        label="Active"
        whenUnset
        className="flex items-center gap-3 self-end md:pb-2"
      />
    </FormCard>
  );
}

function DiscountCodesCard() {
  const codes = useDiscountCodes();
  const update = useUpdateDiscountCode();
  const remove = useDeleteDiscountCode();
  const [deleting, setDeleting] = useState<DiscountCodeDto | null>(null);
  const rows = codes.data?.data ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Discount Codes</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {codes.isPending ? (
          <p className="text-sm text-muted-foreground">Loading discount codes...</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No discount codes yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Code</TableHead>
                <TableHead>User</TableHead>
                <TableHead className="text-right">Discount %</TableHead>
                <TableHead>Active</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((code) => (
                <TableRow key={code.id}>
                  <TableCell className="font-mono font-medium">{code.code}</TableCell>
                  <TableCell>{code.user.username}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {code.discountPercentage}%
                  </TableCell>
                  <TableCell>
                    <Switch
                      aria-label={`Active: ${code.code}`}
                      checked={
                        update.isPending && update.variables.id === code.id
                          ? update.variables.isActive
                          : code.isActive
                      }
                      disabled={update.isPending && update.variables.id === code.id}
                      onCheckedChange={(isActive) => update.mutate({ id: code.id, isActive })}
                    />
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${code.code}`}
                      onClick={() => setDeleting(code)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete discount code ${deleting?.code ?? ""}?`}
        description={DELETE_CODE_CONFIRMATION}
        actionLabel="Delete"
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </Card>
  );
}
