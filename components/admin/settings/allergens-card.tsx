"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { loadFailed } from "@/components/admin/settings/setting-card";
import { useAllergenSetting } from "@/components/admin/settings/use-settings-queries";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormCard } from "@/components/ui/form-card";
import { TextField } from "@/components/ui/form-fields";
import { ALLERGEN_NAME_MAX, ALLERGENS, CUSTOM_ALLERGENS_MAX } from "@/lib/contracts/allergies";
import { allergenNameSchema, customAllergensSchema } from "@/lib/validations/settings";

const newAllergenSchema = z.object({ name: allergenNameSchema });
type NewAllergenInput = z.input<typeof newAllergenSchema>;
type NewAllergenValues = z.output<typeof newAllergenSchema>;

/**
 * Settings › Allergens (issue 44): the standard allergens, read-only, and the school's own, which
 * the office adds and removes; each change is saved at once. A name the whole list refuses (a
 * repeat, a built-in, the 21st) is shown on the field before anything is sent; removing one that
 * children or menu items still carry is refused by the server with the counts (decision 0070).
 */
export function AllergensCard() {
  const { query, save } = useAllergenSetting();
  const custom = query.data?.custom ?? [];
  const form = useForm<NewAllergenInput, unknown, NewAllergenValues>({
    resolver: zodResolver(newAllergenSchema),
    defaultValues: { name: "" },
  });

  function add({ name }: NewAllergenValues) {
    const checked = customAllergensSchema.safeParse({ custom: [...custom, name] });
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? "Invalid allergen";
      form.setError("name", { type: "validate", message });
      return;
    }
    save.mutate(checked.data, { onSuccess: () => form.reset({ name: "" }) });
  }

  function remove(name: string) {
    save.mutate({ custom: custom.filter((a) => a !== name) });
  }

  return (
    <FormCard
      title="Allergens"
      description="The allergens a child's allergies and a menu item's tags are chosen from. Add the school's own after the standard ones; parents are warned of them as of the others."
      form={form}
      onSubmit={form.handleSubmit(add)}
      className="grid max-w-xl gap-4"
      pending={save.isPending}
      disabled={save.isPending || query.isPending || custom.length >= CUSTOM_ALLERGENS_MAX}
      loadFailed={loadFailed(query)}
      submitLabel="Add Allergen"
      pendingLabel="Saving..."
    >
      <section aria-label="Standard allergens" className="grid gap-2">
        <h3 className="text-sm font-medium">Standard allergens</h3>
        <ul className="flex flex-wrap gap-2">
          {ALLERGENS.map((name) => (
            <li key={name}>
              <Badge variant="secondary">{name}</Badge>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="The school's allergens" className="grid gap-2">
        <h3 className="text-sm font-medium">
          The school&apos;s allergens ({custom.length} of {CUSTOM_ALLERGENS_MAX})
        </h3>
        {custom.length === 0 ? (
          <p className="text-sm text-muted-foreground">None added yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {custom.map((name) => (
              <li key={name}>
                <Badge variant="outline" className="gap-2 py-1">
                  {name}
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="h-5 px-1"
                    aria-label={`Remove ${name}`}
                    disabled={save.isPending}
                    onClick={() => remove(name)}
                  >
                    ×
                  </Button>
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
      <TextField
        control={form.control}
        name="name"
        label="New allergen"
        description="Letters, spaces and hyphens, 2 to 40 characters (e.g. Mustard, Celery)."
        maxLength={ALLERGEN_NAME_MAX}
        autoComplete="off"
      />
    </FormCard>
  );
}
