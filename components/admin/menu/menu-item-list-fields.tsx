"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type KeyboardEvent } from "react";
import { useWatch } from "react-hook-form";
import { AllergenChecklist } from "@/components/students/allergen-checklist";
import { Button } from "@/components/ui/button";
import { FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Checklist } from "@/components/ui/checklist";
import { Label } from "@/components/ui/label";
import { weekdayName } from "@/lib/client/format";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { MENU_DAYS, MENU_WEEKS, PROTEIN_PRESETS } from "@/lib/validations/menu";
import { capitalise, normaliseProtein, type MenuItemFormApi } from "./menu-item-values";

// The menu item form's list fields: proteins with their descriptions, allergens, side dishes, and
// the weeks and days it is served.

function addOnEnter(add: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  };
}

/** The proteins offered (the presets, then the custom ones), each with an optional description. */
export function ProteinFields({ form }: { form: MenuItemFormApi }) {
  const [customProtein, setCustomProtein] = useState("");
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

  return (
    <>
      <FormField
        control={form.control}
        name="categories"
        render={({ field }) => (
          <Checklist
            label="Protein options"
            options={proteinOptions}
            optionLabel={capitalise}
            value={field.value ?? []}
            onChange={field.onChange}
          >
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
          </Checklist>
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
                    onChange={(e) => field.onChange({ ...field.value, [protein]: e.target.value })}
                  />
                </div>
              ))}
            </div>
          )}
        />
      ) : null}
    </>
  );
}

export function AllergensField({ form }: { form: MenuItemFormApi }) {
  return (
    <FormField
      control={form.control}
      name="allergens"
      render={({ field }) => (
        <AllergenChecklist label="Allergens" value={field.value ?? []} onChange={field.onChange} />
      )}
    />
  );
}

/** Side dishes typed one by one (trimmed, no repeats), each removable. */
export function SideDishesField({ form }: { form: MenuItemFormApi }) {
  const [sideDish, setSideDish] = useState("");

  function addSideDish() {
    const text = sideDish.trim();
    setSideDish("");
    if (!text) return;
    const current = form.getValues("sideDishes") ?? [];
    if (current.includes(text)) return;
    form.setValue("sideDishes", [...current, text], { shouldDirty: true });
  }

  return (
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
                    onClick={() => field.onChange((field.value ?? []).filter((d) => d !== dish))}
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
  );
}

const byNumber = (a: number, b: number) => a - b;

/**
 * The weeks on offer follow the active cycle's length (issue 25: 1–4 for a four-week cycle), as
 * the cycle-length setting says; weeks an item already has stay listed so that none is lost.
 */
function useWeekChoices(chosen: readonly number[]): number[] {
  const length = useQuery({
    queryKey: queryKeys.cycleLength,
    queryFn: () => api("/api/settings/cycle-length"),
    staleTime: 60_000,
  }).data?.cycleLength;
  if (length === undefined) return [...MENU_WEEKS];
  return MENU_WEEKS.filter((week) => week <= length || chosen.includes(week));
}

/** The weeks of the cycle and the days of the week the item is served. */
export function ScheduleFields({ form }: { form: MenuItemFormApi }) {
  const weeks = useWeekChoices(form.watch("weekNumbers") ?? []);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <FormField
        control={form.control}
        name="weekNumbers"
        render={({ field }) => (
          <Checklist
            label="Weeks"
            options={weeks}
            optionLabel={(week) => `Week ${week}`}
            value={field.value ?? []}
            onChange={field.onChange}
            sort={byNumber}
          />
        )}
      />
      <FormField
        control={form.control}
        name="daysOfWeek"
        render={({ field }) => (
          <Checklist
            label="Days"
            options={MENU_DAYS}
            optionLabel={weekdayName}
            value={field.value ?? []}
            onChange={field.onChange}
            sort={byNumber}
          />
        )}
      />
    </div>
  );
}
