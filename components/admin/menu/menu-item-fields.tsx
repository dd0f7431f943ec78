"use client";

import type { ReactNode } from "react";
import type { ControllerRenderProps } from "react-hook-form";
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import type { MenuItemInput } from "@/lib/validations/menu";
import { filterPriceInput, type MenuItemFormApi } from "./menu-item-values";

// The menu item form's single-value fields; the lists are in menu-item-list-fields.tsx.

export const LOCKED_NAME_LABEL = "(Cannot be changed due to existing orders)";

/** The name; locked (disabled, a press opening the dialog) when the item has orders. */
export function NameField({
  form,
  locked,
  onLockedPress,
}: {
  form: MenuItemFormApi;
  locked: boolean;
  onLockedPress: () => void;
}) {
  return (
    <FormField
      control={form.control}
      name="name"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Name{locked ? ` ${LOCKED_NAME_LABEL}` : ""}</FormLabel>
          <div className="relative">
            <FormControl>
              <Input {...field} disabled={locked} />
            </FormControl>
            {locked ? (
              <button
                type="button"
                aria-label="Change menu item name"
                className="absolute inset-0 cursor-not-allowed rounded-md"
                onClick={onLockedPress}
              />
            ) : null}
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function PriceField({ form }: { form: MenuItemFormApi }) {
  return (
    <FormField
      control={form.control}
      name="price"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Price (ZMW)</FormLabel>
          <FormControl>
            <Input
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              inputMode="decimal"
              placeholder="0.00"
              value={String(field.value ?? "")}
              onChange={(e) =>
                field.onChange(filterPriceInput(e.target.value, String(field.value ?? "")))
              }
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

type TextInputProps = Pick<
  ControllerRenderProps<MenuItemInput, "description" | "imageUrl">,
  "name" | "ref" | "onBlur" | "onChange"
> & { value: string };

/** A text that may stay empty (description, image URL), drawn by `input`. */
export function OptionalTextField({
  form,
  name,
  label,
  input,
}: {
  form: MenuItemFormApi;
  name: "description" | "imageUrl";
  label: string;
  input: (props: TextInputProps) => ReactNode;
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            {input({
              name: field.name,
              ref: field.ref,
              onBlur: field.onBlur,
              value: field.value ?? "",
              onChange: field.onChange,
            })}
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function TypeField({ form }: { form: MenuItemFormApi }) {
  return (
    <FormField
      control={form.control}
      name="type"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Type</FormLabel>
          <Select value={field.value ?? ""} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger className="w-full">
                <SelectValue placeholder="Choose a type" />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              <SelectItem value="primary">Primary</SelectItem>
              <SelectItem value="secondary">Secondary</SelectItem>
              <SelectItem value="counter">Counter</SelectItem>
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Issue 47: portions per school day; empty for no cap. Digits only, as typed. */
export function DailyCapField({ form }: { form: MenuItemFormApi }) {
  return (
    <FormField
      control={form.control}
      name="dailyCap"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Daily cap (portions)</FormLabel>
          <FormControl>
            <Input
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              inputMode="numeric"
              placeholder="No cap"
              value={field.value == null ? "" : String(field.value)}
              onChange={(e) => field.onChange(e.target.value.replace(/\D/g, ""))}
            />
          </FormControl>
          <FormDescription>
            The most portions sold in one school day, pre-orders and counter together. Empty: no
            cap.
          </FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function AvailableField({ form }: { form: MenuItemFormApi }) {
  return (
    <FormField
      control={form.control}
      name="isAvailable"
      render={({ field }) => (
        <FormItem className="flex flex-row items-center gap-3">
          <FormControl>
            <Switch checked={field.value ?? true} onCheckedChange={field.onChange} />
          </FormControl>
          <FormLabel>Available</FormLabel>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
