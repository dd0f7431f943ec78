"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type FormEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { MenuItemDto } from "@/lib/contracts";
import { menuItemSchema, type MenuItemInput, type MenuItemValues } from "@/lib/validations/menu";
import { LockedNameDialog } from "./menu-confirm-dialogs";
import {
  AvailableField,
  DailyCapField,
  NameField,
  OptionalTextField,
  PriceField,
  TypeField,
} from "./menu-item-fields";
import {
  AllergensField,
  ProteinFields,
  ScheduleFields,
  SideDishesField,
} from "./menu-item-list-fields";
import { CHOOSE_MENU_TYPE, defaultsOf, type EditableItem } from "./menu-item-values";
import { useMenuItemChange, useMenuItemHasOrders, useSaveMenuItem } from "./use-menu-queries";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";

export type MenuItemFormProps = {
  /** The item being edited (with its `version`); absent when adding. */
  item?: EditableItem;
  /** Whether the edited item has orders; fetched from /api/menu/{id}/has-orders when absent. */
  hasOrders?: boolean;
  onSaved: (item: MenuItemDto) => void;
  onCancel?: () => void;
  onDuplicated?: (newId: number) => void;
};

/** Adds a menu item (Menu Management's panel) or edits one (/menu/edit/{id}). */
export function MenuItemForm({
  item,
  hasOrders,
  onSaved,
  onCancel,
  onDuplicated,
}: MenuItemFormProps) {
  const editing = item !== undefined;
  const form = useForm<MenuItemInput, unknown, MenuItemValues>({
    resolver: zodResolver(menuItemSchema),
    defaultValues: defaultsOf(item),
  });
  // Issue 47: a counter item is sold any day at the counter: no proteins, sides or schedule.
  const counter = useWatch({ control: form.control, name: "type" }) === "counter";
  const [nameDialogOpen, setNameDialogOpen] = useState(false);
  const save = useSaveMenuItem();
  const change = useMenuItemChange();

  const ordersQuery = useMenuItemHasOrders(item?.id, editing && hasOrders === undefined);
  // Locked until the check answers: a name is never editable on a guess.
  const nameLocked = editing && (hasOrders ?? ordersQuery.data?.hasOrders ?? true);

  function duplicate() {
    if (!item) return;
    change.mutate(
      { kind: "duplicate", item },
      {
        onSuccess: ({ copyId }) => {
          setNameDialogOpen(false);
          if (copyId !== undefined) onDuplicated?.(copyId);
        },
      },
    );
  }

  async function submit(values: MenuItemValues) {
    try {
      const saved = await save.mutateAsync({ item, values });
      if (!editing) form.reset(defaultsOf());
      onSaved(saved);
    } catch {
      // The failure's toast is the mutation's.
    }
  }

  const submitValid = form.handleSubmit(submit);
  /** A new item needs its type chosen; the other fields are checked at the same time. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (form.getValues("type")) {
      void submitValid(event);
      return;
    }
    event.preventDefault();
    void form.trigger().then(() => form.setError("type", { message: CHOOSE_MENU_TYPE }));
  }

  return (
    <Form {...form}>
      <form
        method="post"
        action={NO_SCRIPT_ACTION}
        onSubmit={onSubmit}
        noValidate
        className="grid gap-6"
      >
        <div className="grid gap-4 md:grid-cols-2">
          <NameField
            form={form}
            locked={nameLocked}
            onLockedPress={() => setNameDialogOpen(true)}
          />
          <PriceField form={form} />
        </div>
        <OptionalTextField
          form={form}
          name="description"
          label="Description"
          input={(props) => <Textarea {...props} />}
        />
        <div className="grid gap-4 md:grid-cols-2">
          <OptionalTextField
            form={form}
            name="imageUrl"
            label="Image URL"
            input={(props) => <Input {...props} type="url" placeholder="https://…" />}
          />
          <TypeField form={form} />
        </div>
        {counter ? null : <ProteinFields form={form} />}
        <AllergensField form={form} />
        {counter ? null : <SideDishesField form={form} />}
        {counter ? null : <ScheduleFields form={form} />}
        <DailyCapField form={form} />
        <AvailableField form={form} />

        <div className="flex gap-2">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting
              ? "Saving…"
              : editing
                ? "Update Menu Item"
                : "Add Menu Item"}
          </Button>
          {onCancel ? (
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>

      <LockedNameDialog
        open={nameDialogOpen}
        onOpenChange={setNameDialogOpen}
        duplicating={change.isPending}
        onDuplicate={duplicate}
      />
    </Form>
  );
}
