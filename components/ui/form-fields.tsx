"use client";

import type * as React from "react";
import type { ComponentProps, ReactElement, ReactNode } from "react";
import type {
  ControllerProps,
  ControllerRenderProps,
  FieldPath,
  FieldValues,
} from "react-hook-form";
import { Button } from "@/components/ui/button";
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";

// The labelled fields of the react-hook-form forms, written once: label, control, description,
// message, with the ids and aria wiring of components/ui/form.tsx; and their submit button.

type FieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed> = {
  control: ControllerProps<TValues, TName, TTransformed>["control"];
  name: TName;
  label: ReactNode;
  /** Under the control, above the message (e.g. what the field is for). */
  description?: ReactNode;
  /** Beside the label, on the same line (e.g. a "Forgot your password?" link). */
  labelAside?: ReactNode;
};

/**
 * One field: `render` draws the control inside its own <FormControl> (a Select puts it on the
 * trigger, not on the Select).
 */
export function LabelledField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>({
  control,
  name,
  label,
  description,
  labelAside,
  render,
}: FieldProps<TValues, TName, TTransformed> & {
  render: (field: ControllerRenderProps<TValues, TName>) => ReactElement;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          {labelAside ? (
            <div className="flex items-center justify-between">
              <FormLabel>{label}</FormLabel>
              {labelAside}
            </div>
          ) : (
            <FormLabel>{label}</FormLabel>
          )}
          {render(field)}
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

// The field's own props (name, value, handlers, ref) come from react-hook-form.
type ControlledProps = "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "ref";

/** A field over a text control; an empty or missing value shows as "". */
function textField<TControl extends typeof Input | typeof Textarea>(Control: TControl) {
  const Element = Control as React.ElementType;
  return function Field<
    TValues extends FieldValues,
    TName extends FieldPath<TValues>,
    TTransformed = TValues,
  >(
    props: FieldProps<TValues, TName, TTransformed> &
      Omit<ComponentProps<TControl>, ControlledProps>,
  ) {
    const { control, name, label, description, labelAside, ...input } = props;
    // Every password field can be shown (issue 24 §5).
    const Control = (input as { type?: string }).type === "password" ? PasswordInput : Element;
    return (
      <LabelledField
        {...{ control, name, label, description, labelAside }}
        render={(field) => (
          <FormControl>
            <Control {...input} {...field} value={field.value ?? ""} />
          </FormControl>
        )}
      />
    );
  };
}

export const TextField = textField(Input);

export const TextareaField = textField(Textarea);

/** A form's submit button: disabled while `pending` (or `disabled`), then showing `pendingLabel`. */
export function SubmitButton({
  pending,
  disabled = pending,
  label,
  pendingLabel,
  className,
}: {
  pending: boolean;
  disabled?: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  return (
    <Button type="submit" disabled={disabled} className={className}>
      {pending ? pendingLabel : label}
    </Button>
  );
}

type SwitchFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed,
> = Pick<FieldProps<TValues, TName, TTransformed>, "control" | "name" | "label"> & {
  className?: string;
  /** What the switch shows while the value is still undefined. */
  whenUnset?: boolean;
};

/** An on/off field: the switch, then its label on the same line. */
export function SwitchField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>(props: SwitchFieldProps<TValues, TName, TTransformed>) {
  const { label, className = "flex items-center gap-3", whenUnset = false } = props;
  return (
    <FormField
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormControl>
            <Switch checked={field.value ?? whenUnset} onCheckedChange={field.onChange} />
          </FormControl>
          <FormLabel className="!mt-0">{label}</FormLabel>
        </FormItem>
      )}
    />
  );
}
