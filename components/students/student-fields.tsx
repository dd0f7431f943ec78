"use client";

import type { Control, FieldValues, Path } from "react-hook-form";
import { FormControl } from "@/components/ui/form";
import { LabelledField, TextField } from "@/components/ui/form-fields";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { gradeLabel } from "@/lib/client/format";
import { GRADES } from "@/lib/contracts";

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
