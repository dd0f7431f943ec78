"use client";

import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { gradeLabel } from "@/lib/client/format";
import type { StudentDto } from "@/lib/contracts";

// The student selector's Radix select, fetched by <StudentSelector> when it is first pressed.
export function StudentSelect({
  id,
  students,
  value,
  onChange,
  open,
  onOpenChange,
}: {
  id: string;
  students: readonly StudentDto[];
  value: number;
  onChange: (studentId: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Select
      value={String(value)}
      onValueChange={(v) => onChange(Number(v))}
      open={open}
      onOpenChange={onOpenChange}
    >
      <SelectTrigger
        id={id}
        className="min-h-11 w-full min-w-0 text-left break-words whitespace-normal data-[size=default]:h-auto *:data-[slot=select-value]:line-clamp-none pointer-coarse:data-[size=default]:h-auto"
      >
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
  );
}
