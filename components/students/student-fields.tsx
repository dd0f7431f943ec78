"use client";

import type { Control, FieldValues, Path } from "react-hook-form";
import { Checklist } from "@/components/ui/checklist";
import { FormControl, FormField } from "@/components/ui/form";
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
import { ALLERGENS } from "@/lib/validations/menu";
import { CLASS_NAME_MAX, DIETARY_NOTES_MAX } from "@/lib/validations/students";

/** The care fields' values of a form, from a student or blank. */
export const careValues = (
  student?: Pick<StudentDto, "allergies" | "dietaryNotes" | "className"> | null,
) => ({
  allergies: student?.allergies ?? [],
  dietaryNotes: student?.dietaryNotes ?? "",
  className: student?.className ?? "",
});

/**
 * Allergies (the menu's allergen names), dietary notes and class (issue 18): on every student form,
 * and alone on the teacher's staff record.
 */
export function StudentCareFields<
  T extends FieldValues & {
    allergies?: string[] | null;
    dietaryNotes?: string | null;
    className?: string | null;
  },
>({ control }: { control: Control<T> }) {
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
          <Checklist
            label="Allergies"
            options={ALLERGENS}
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
    </>
  );
}

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
