"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField, FormItem, FormMessage } from "@/components/ui/form";
import { FormCard } from "@/components/ui/form-card";
import { TextField } from "@/components/ui/form-fields";
import { SECTION_TITLES, type Feature } from "@/lib/contracts/permissions";
import {
  adminUserSchema,
  type AdminUserInput,
  type AdminUserValues,
} from "@/lib/validations/people";
import { useCreateAdmin } from "./use-admin-queries";

/** Create Admin User (spec 001 §2, §5): username, password and the features to grant. */
export function CreateAdminForm({ grantable }: { grantable: readonly Feature[] }) {
  const form = useForm<AdminUserInput, unknown, AdminUserValues>({
    resolver: zodResolver(adminUserSchema),
    defaultValues: { username: "", password: "", allowedFeatures: [] },
  });
  const create = useCreateAdmin(() => form.reset());
  const submit = form.handleSubmit((values) => create.mutate(values));

  return (
    <FormCard
      title="Create Admin User"
      description="The new admin sees only the sections you tick. You can grant only features you hold."
      form={form}
      onSubmit={submit}
      pending={create.isPending}
      submitLabel="Create Admin User"
      pendingLabel="Creating..."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="username" label="Username" autoComplete="off" />
        <TextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
        />
      </div>
      <FormField
        control={form.control}
        name="allowedFeatures"
        render={({ field }) => {
          const chosen = field.value ?? [];
          return (
            <FormItem>
              <p className="text-sm font-medium">Allowed features</p>
              <div
                role="group"
                aria-label="Allowed features"
                className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3"
              >
                {grantable.map((feature) => (
                  <label key={feature} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      checked={chosen.includes(feature)}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked === true
                            ? [...chosen, feature]
                            : chosen.filter((f) => f !== feature),
                        )
                      }
                    />
                    {SECTION_TITLES[feature]}
                  </label>
                ))}
              </div>
              <FormMessage />
            </FormItem>
          );
        }}
      />
    </FormCard>
  );
}
