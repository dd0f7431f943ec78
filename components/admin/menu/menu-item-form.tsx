"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useState, type KeyboardEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { notify } from "@/components/notifications/toast";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { api, errorMessage } from "@/lib/client/api";
import type { MenuItemDto } from "@/lib/contracts";
import {
  ALLERGENS,
  MENU_DAYS,
  MENU_WEEKS,
  PROTEIN_PRESETS,
  menuItemSchema,
  type MenuItemInput,
  type MenuItemValues,
} from "@/lib/validations/menu";
import { weekdayName } from "@/lib/client/format";

export const LOCKED_NAME_LABEL = "(Cannot be changed due to existing orders)";

/**
 * The price as typed: anything but digits and one dot is dropped; a second dot or a third
 * decimal is refused (the previous value is kept).
 */
export function filterPriceInput(next: string, previous: string): string {
  const cleaned = next.replace(/[^\d.]/g, "");
  const parts = cleaned.split(".");
  if (parts.length > 2) return previous;
  if ((parts[1] ?? "").length > 2) return previous;
  return cleaned;
}

/** A custom protein name as stored: trimmed and lower-cased. */
export function normaliseProtein(text: string): string {
  return text.trim().toLowerCase();
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on
    ? list.includes(value)
      ? [...list]
      : [...list, value]
    : list.filter((v) => v !== value);
}

type EditableItem = MenuItemDto & { version?: number };

/** A labelled group of checkboxes over numbers (weeks, days), kept sorted. */
function NumberChecklist({
  label,
  options,
  optionLabel,
  value,
  onChange,
}: {
  label: string;
  options: readonly number[];
  optionLabel: (option: number) => string;
  value: readonly number[];
  onChange: (next: number[]) => void;
}) {
  return (
    <FormItem>
      <FormLabel>{label}</FormLabel>
      <div className="flex flex-wrap gap-4" role="group" aria-label={label}>
        {options.map((option) => (
          <Label key={option} className="font-normal">
            <Checkbox
              checked={value.includes(option)}
              onCheckedChange={(checked) =>
                onChange(toggle(value, option, checked === true).sort((a, b) => a - b))
              }
            />
            {optionLabel(option)}
          </Label>
        ))}
      </div>
      <FormMessage />
    </FormItem>
  );
}

function defaultsOf(item?: EditableItem): MenuItemInput {
  return {
    name: item?.name ?? "",
    description: item?.description ?? "",
    price: item?.price ?? "",
    discountPrice: item?.discountPrice ?? null,
    imageUrl: item?.imageUrl ?? "",
    type: item?.type ?? "secondary",
    categories: item?.categories ?? [],
    proteinDescriptions: item?.proteinDescriptions ?? {},
    weekNumbers: item?.weekNumbers ?? [],
    daysOfWeek: item?.daysOfWeek ?? [],
    allergens: item?.allergens ?? [],
    sideDishes: item?.sideDishes ?? [],
    isAvailable: item?.isAvailable ?? true,
  };
}

/** The JSON of POST /api/menu and PUT /api/menu/{id}: price as a string, imageUrl null if empty. */
export function menuItemBody(values: MenuItemValues, version?: number) {
  const body = {
    ...values,
    price: String(values.price),
    imageUrl: values.imageUrl ? values.imageUrl : null,
  };
  return version === undefined ? body : { ...body, version };
}

export type MenuItemFormProps = {
  /** The item being edited (with its `version`); absent when adding. */
  item?: EditableItem;
  /** Whether the edited item has orders; fetched from /api/menu/{id}/has-orders when absent. */
  hasOrders?: boolean;
  onSaved: (item: MenuItemDto) => void;
  onCancel?: () => void;
  onDuplicated?: (newId: number) => void;
};

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
  const [customProtein, setCustomProtein] = useState("");
  const [sideDish, setSideDish] = useState("");
  const [nameDialogOpen, setNameDialogOpen] = useState(false);
  const [duplicating, setDuplicating] = useState(false);

  const ordersQuery = useQuery({
    queryKey: ["menu-item-has-orders", item?.id],
    queryFn: () => api(`/api/menu/${item?.id ?? 0}/has-orders`),
    enabled: editing && hasOrders === undefined,
  });
  const nameLocked = editing && (hasOrders ?? ordersQuery.data?.hasOrders ?? false);

  const categories = useWatch({ control: form.control, name: "categories" }) ?? [];
  const proteinOptions = [
    ...PROTEIN_PRESETS,
    ...categories.filter((c) => !(PROTEIN_PRESETS as readonly string[]).includes(c)),
  ];

  function addCustomProtein() {
    const protein = normaliseProtein(customProtein);
    setCustomProtein("");
    if (!protein) return;
    const current = form.getValues("categories") ?? [];
    if (current.includes(protein)) return;
    form.setValue("categories", [...current, protein], { shouldDirty: true, shouldValidate: true });
  }

  function addSideDish() {
    const text = sideDish.trim();
    setSideDish("");
    if (!text) return;
    const current = form.getValues("sideDishes") ?? [];
    if (current.includes(text)) return;
    form.setValue("sideDishes", [...current, text], { shouldDirty: true });
  }

  function addOnEnter(add: () => void) {
    return (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === "Enter") {
        event.preventDefault();
        add();
      }
    };
  }

  async function duplicate() {
    if (!item) return;
    setDuplicating(true);
    try {
      const copies = await api("/api/menu/duplicate", {
        method: "POST",
        body: { itemIds: [item.id] },
      });
      notify({
        title: "Success",
        description: "Menu item duplicated. You can now modify the new copy.",
        variant: "success",
      });
      setNameDialogOpen(false);
      const first = copies[0];
      if (first) onDuplicated?.(first.id);
    } catch (error) {
      notify({
        title: "Error",
        description: errorMessage(error, "Failed to duplicate menu item"),
        variant: "destructive",
      });
    } finally {
      setDuplicating(false);
    }
  }

  async function submit(values: MenuItemValues) {
    try {
      const saved = item
        ? await api(`/api/menu/${item.id}`, {
            method: "PUT",
            body: menuItemBody(values, item.version),
          })
        : await api("/api/menu", { method: "POST", body: menuItemBody(values) });
      notify({
        title: "Success",
        description: editing ? "Menu item updated successfully" : "Menu item created successfully",
        variant: "success",
      });
      if (!editing) form.reset(defaultsOf());
      onSaved(saved);
    } catch (error) {
      notify({
        title: "Error",
        description: errorMessage(error, "Failed to save menu item"),
        variant: "destructive",
      });
    }
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-6">
        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Name{nameLocked ? ` ${LOCKED_NAME_LABEL}` : ""}</FormLabel>
                <div className="relative">
                  <FormControl>
                    <Input {...field} disabled={nameLocked} />
                  </FormControl>
                  {nameLocked ? (
                    <button
                      type="button"
                      aria-label="Change menu item name"
                      className="absolute inset-0 cursor-not-allowed rounded-md"
                      onClick={() => setNameDialogOpen(true)}
                    />
                  ) : null}
                </div>
                <FormMessage />
              </FormItem>
            )}
          />
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
        </div>

        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Description</FormLabel>
              <FormControl>
                <Textarea
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? ""}
                  onChange={field.onChange}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />

        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            control={form.control}
            name="imageUrl"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Image URL</FormLabel>
                <FormControl>
                  <Input
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    type="url"
                    placeholder="https://…"
                    value={field.value ?? ""}
                    onChange={field.onChange}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="type"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Type</FormLabel>
                <Select value={field.value ?? "secondary"} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    <SelectItem value="primary">Primary</SelectItem>
                    <SelectItem value="secondary">Secondary</SelectItem>
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>

        <FormField
          control={form.control}
          name="categories"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Protein options</FormLabel>
              <div className="flex flex-wrap gap-4" role="group" aria-label="Protein options">
                {proteinOptions.map((protein) => (
                  <Label key={protein} className="font-normal">
                    <Checkbox
                      checked={(field.value ?? []).includes(protein)}
                      onCheckedChange={(checked) =>
                        field.onChange(toggle(field.value ?? [], protein, checked === true))
                      }
                    />
                    {capitalise(protein)}
                  </Label>
                ))}
              </div>
              <div className="flex max-w-md gap-2">
                <Input
                  aria-label="Custom protein"
                  placeholder="Add a custom protein"
                  value={customProtein}
                  onChange={(e) => setCustomProtein(e.target.value)}
                  onKeyDown={addOnEnter(addCustomProtein)}
                />
                <Button type="button" variant="outline" onClick={addCustomProtein}>
                  Add Protein
                </Button>
              </div>
              <FormMessage />
            </FormItem>
          )}
        />

        {categories.length > 0 ? (
          <FormField
            control={form.control}
            name="proteinDescriptions"
            render={({ field }) => (
              <div className="grid gap-3 md:grid-cols-2">
                {categories.map((protein) => (
                  <div key={protein} className="grid gap-1.5">
                    <Label htmlFor={`protein-description-${protein}`}>
                      {capitalise(protein)} description (optional)
                    </Label>
                    <Input
                      id={`protein-description-${protein}`}
                      value={field.value?.[protein] ?? ""}
                      onChange={(e) =>
                        field.onChange({ ...field.value, [protein]: e.target.value })
                      }
                    />
                  </div>
                ))}
              </div>
            )}
          />
        ) : null}

        <FormField
          control={form.control}
          name="allergens"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Allergens</FormLabel>
              <div className="flex flex-wrap gap-4" role="group" aria-label="Allergens">
                {ALLERGENS.map((allergen) => (
                  <Label key={allergen} className="font-normal">
                    <Checkbox
                      checked={(field.value ?? []).includes(allergen)}
                      onCheckedChange={(checked) =>
                        field.onChange(toggle(field.value ?? [], allergen, checked === true))
                      }
                    />
                    {allergen}
                  </Label>
                ))}
              </div>
              <FormMessage />
            </FormItem>
          )}
        />

        <FormField
          control={form.control}
          name="sideDishes"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Side dishes</FormLabel>
              <div className="flex max-w-md gap-2">
                <Input
                  aria-label="Side dish"
                  placeholder="Add a side dish"
                  value={sideDish}
                  onChange={(e) => setSideDish(e.target.value)}
                  onKeyDown={addOnEnter(addSideDish)}
                />
                <Button type="button" variant="outline" onClick={addSideDish}>
                  Add Side Dish
                </Button>
              </div>
              {(field.value ?? []).length > 0 ? (
                <ul className="flex flex-wrap gap-2" aria-label="Side dishes">
                  {(field.value ?? []).map((dish) => (
                    <li
                      key={dish}
                      className="flex items-center gap-1 rounded-md border px-2 py-1 text-sm"
                    >
                      {dish}
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove ${dish}`}
                        onClick={() =>
                          field.onChange((field.value ?? []).filter((d) => d !== dish))
                        }
                      >
                        ×
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : null}
              <FormMessage />
            </FormItem>
          )}
        />

        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            control={form.control}
            name="weekNumbers"
            render={({ field }) => (
              <NumberChecklist
                label="Weeks"
                options={MENU_WEEKS}
                optionLabel={(week) => `Week ${week}`}
                value={field.value ?? []}
                onChange={field.onChange}
              />
            )}
          />
          <FormField
            control={form.control}
            name="daysOfWeek"
            render={({ field }) => (
              <NumberChecklist
                label="Days"
                options={MENU_DAYS}
                optionLabel={weekdayName}
                value={field.value ?? []}
                onChange={field.onChange}
              />
            )}
          />
        </div>

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

      <AlertDialog open={nameDialogOpen} onOpenChange={setNameDialogOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Cannot Change Menu Item Name</AlertDialogTitle>
            <AlertDialogDescription>
              This menu item already has orders, so its name cannot be changed. Keep the current
              name, or duplicate the item and give the new copy a different name.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep Current Name</AlertDialogCancel>
            <AlertDialogAction
              disabled={duplicating}
              onClick={(event) => {
                event.preventDefault();
                void duplicate();
              }}
            >
              Duplicate Item
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Form>
  );
}
