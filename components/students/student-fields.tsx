"use client";

import { useWatch, type Control, type FieldValues, type Path } from "react-hook-form";
import { AllergenChecklist } from "@/components/students/allergen-checklist";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { LabelledField, TextareaField, TextField } from "@/components/ui/form-fields";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { gradeLabel } from "@/lib/client/format";
import { GRADES, type StudentDto } from "@/lib/contracts";
import {
  ALLERGY_CONSENT_REQUIRED,
  CLASS_NAME_MAX,
  DIETARY_NOTES_MAX,
} from "@/lib/validations/students";

/** The care fields' values of a form, from a student or blank. */
export const careValues = (
  student?: Pick<StudentDto, "allergies" | "dietaryNotes" | "className"> | null,
) => ({
  allergies: student?.allergies ?? [],
  dietaryNotes: student?.dietaryNotes ?? "",
  className: student?.className ?? "",
});

type HealthData = { allergies?: string[] | null; dietaryNotes?: string | null };

/** Whether a student's care fields hold health data: an allergy or a dietary note. */
export const hasHealthData = (values: HealthData | null | undefined) =>
  (values?.allergies?.length ?? 0) > 0 || !!values?.dietaryNotes?.trim();

/**
 * The consent a parent's or teacher's save carries (issue 26): asked when health data is recorded
 * where there was none; withdrawn (false) when all of it is cleared; otherwise nothing, the
 * consent given before stands. Null when consent is needed and was not given.
 */
export function consentFor(
  before: HealthData | null,
  values: HealthData & { allergyConsent?: boolean | undefined },
): { allergyConsent?: boolean } | null {
  const had = hasHealthData(before);
  const has = hasHealthData(values);
  if (had && !has) return { allergyConsent: false };
  if (!had && has) return values.allergyConsent ? { allergyConsent: true } : null;
  return {};
}

/** The consent sentence, for the child named (or "your" own staff record). */
export const consentSentence = (whose: string) =>
  `I agree that the school keeps ${whose} allergies and dietary notes, to warn me when I order ` +
  "and to tell the kitchen; only staff who prepare and serve meals see them.";

/**
 * Allergies (the built-in allergens and the school's own), dietary notes and class (issue 18): on every student form,
 * and alone on the teacher's staff record. With `consent`, a family recording health data where
 * there was none is asked to agree to the school keeping it (issue 26); the console's form has none.
 */
export function StudentCareFields<
  T extends FieldValues & {
    allergies?: string[] | null;
    dietaryNotes?: string | null;
    className?: string | null;
    allergyConsent?: boolean;
  },
>({
  control,
  consent,
}: {
  control: Control<T>;
  consent?: { before: HealthData | null; whose: string };
}) {
  const [allergies, dietaryNotes] = useWatch({
    control,
    name: ["allergies" as Path<T>, "dietaryNotes" as Path<T>],
  }) as [string[] | null | undefined, string | null | undefined];
  const asked =
    !!consent && !hasHealthData(consent.before) && hasHealthData({ allergies, dietaryNotes });
  return (
    <>
      <TextField
        control={control}
        name={"className" as Path<T>}
        label="Class (optional)"
        placeholder="e.g. 3B"
        maxLength={CLASS_NAME_MAX}
        autoComplete="off"
      />
      <FormField
        control={control}
        name={"allergies" as Path<T>}
        render={({ field }) => (
          <AllergenChecklist
            label="Allergies"
            value={(field.value as string[] | null | undefined) ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <TextareaField
        control={control}
        name={"dietaryNotes" as Path<T>}
        label="Dietary notes (optional)"
        placeholder="Anything else the kitchen should know"
        maxLength={DIETARY_NOTES_MAX}
        rows={2}
      />
      {asked && (
        <FormField
          control={control}
          name={"allergyConsent" as Path<T>}
          render={({ field }) => (
            <FormItem className="rounded-md border p-3">
              <FormLabel className="items-start font-normal">
                <FormControl>
                  <Checkbox
                    checked={field.value === true}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                  />
                </FormControl>
                {consentSentence(consent.whose)}
              </FormLabel>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
    </>
  );
}

/** Sets the consent field's error when a save needs consent that was not given. */
export const CONSENT_ERROR = { type: "required", message: ALLERGY_CONSENT_REQUIRED } as const;

/** The Name and Grade fields of a student form: the parent's own dialog and the admin's. */
export function StudentFields<T extends FieldValues & { name: string; grade: string }>({
  control,
}: {
  control: Control<T>;
}) {
  return (
    <>
      <TextField control={control} name={"name" as Path<T>} label="Name" autoComplete="off" />
      <LabelledField
        control={control}
        name={"grade" as Path<T>}
        label="Grade"
        render={(field) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger className="w-full" onBlur={field.onBlur}>
                <SelectValue placeholder="Select a grade" />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {GRADES.map((grade) => (
                <SelectItem key={grade} value={grade}>
                  {gradeLabel(grade)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </>
  );
}
