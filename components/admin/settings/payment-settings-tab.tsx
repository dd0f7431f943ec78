"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { usePaymentBypassSetting } from "@/components/admin/settings/use-settings-queries";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import {
  paymentBypassSchema,
  type PaymentBypassInput,
  type PaymentBypassValues,
} from "@/lib/validations/settings";

const EMPTY: PaymentBypassValues = {
  enabled: false,
  airtelMoney: { name: "", number: "" },
  mtnMoney: { name: "", number: "" },
  bankTransfer: { bankName: "", accountName: "", accountNumber: "", branchName: "", swiftCode: "" },
};

type PaymentForm = ReturnType<typeof useForm<PaymentBypassInput, unknown, PaymentBypassValues>>;

/** Settings › Payment Settings: 'Alternative Payment Methods' (spec 001 §2, §3). */
export function PaymentSettingsTab() {
  const { query, save } = usePaymentBypassSetting();
  const form = useForm<PaymentBypassInput, unknown, PaymentBypassValues>({
    resolver: zodResolver(paymentBypassSchema),
    defaultValues: EMPTY,
    values: query.data,
  });
  const enabled = useWatch({ control: form.control, name: "enabled" });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Alternative Payment Methods</CardTitle>
        <CardDescription>
          When enabled, parents are told that other ways to pay are available.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-6"
            onSubmit={form.handleSubmit((values) => save.mutate(values))}
          >
            <FormField
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <FormItem className="flex items-center gap-3">
                  <FormControl>
                    <Switch checked={field.value} onCheckedChange={field.onChange} />
                  </FormControl>
                  <FormLabel>Enable alternative payment methods</FormLabel>
                </FormItem>
              )}
            />
            {enabled && (
              <>
                <fieldset className="grid gap-3 sm:grid-cols-2">
                  <legend className="mb-2 font-medium">Airtel Money</legend>
                  <TextField
                    form={form}
                    name="airtelMoney.name"
                    label="Airtel Money Account Name"
                  />
                  <TextField
                    form={form}
                    name="airtelMoney.number"
                    label="Airtel Money Phone Number"
                    type="tel"
                  />
                </fieldset>
                <fieldset className="grid gap-3 sm:grid-cols-2">
                  <legend className="mb-2 font-medium">MTN Money</legend>
                  <TextField form={form} name="mtnMoney.name" label="MTN Money Account Name" />
                  <TextField
                    form={form}
                    name="mtnMoney.number"
                    label="MTN Money Phone Number"
                    type="tel"
                  />
                </fieldset>
                <fieldset className="grid gap-3 sm:grid-cols-2">
                  <legend className="mb-2 font-medium">Bank Transfer Details</legend>
                  <TextField form={form} name="bankTransfer.bankName" label="Bank Name" />
                  <TextField form={form} name="bankTransfer.accountName" label="Account Name" />
                  <TextField form={form} name="bankTransfer.accountNumber" label="Account Number" />
                  <TextField form={form} name="bankTransfer.branchName" label="Branch Name" />
                  <TextField form={form} name="bankTransfer.swiftCode" label="Swift Code" />
                </fieldset>
              </>
            )}
            <div>
              <Button type="submit" disabled={save.isPending || query.isPending}>
                {save.isPending ? "Saving..." : "Save Payment Settings"}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

function TextField({
  form,
  name,
  label,
  type = "text",
}: {
  form: PaymentForm;
  name: Exclude<
    FieldPath<PaymentBypassInput>,
    "enabled" | "airtelMoney" | "mtnMoney" | "bankTransfer"
  >;
  label: string;
  type?: string;
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...field} value={field.value ?? ""} type={type} autoComplete="off" />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
