"use client";

import { useId } from "react";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { gradeLabel } from "@/lib/client/format";
import type { StudentDto } from "@/lib/contracts";

// The floating student selector of the menu tab, shown when there is more than one student
// (spec 000 §2). It sits bottom-left, beside the floating cart button.
export function StudentSelector({
  students,
  value,
  onChange,
}: {
  students: readonly StudentDto[];
  value: number;
  onChange: (studentId: number) => void;
}) {
  const id = useId();
  return (
    <div className="fixed bottom-4 left-4 z-40 flex max-w-[calc(100vw-10rem)] flex-col gap-1 rounded-xl border bg-background p-2 shadow-lg sm:max-w-xs">
      <Label htmlFor={id} className="px-1 text-xs text-muted-foreground">
        Ordering for
      </Label>
      <Select value={String(value)} onValueChange={(v) => onChange(Number(v))}>
        <SelectTrigger id={id} className="h-10 w-full min-w-0">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {students.map((s) => (
            <SelectItem key={s.id} value={String(s.id)}>
              {s.name} ({gradeLabel(s.grade)})
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
