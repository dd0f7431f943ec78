"use client";

import { ChevronDownIcon } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Label } from "@/components/ui/label";
import { selectTriggerClassName } from "@/components/ui/select-trigger-style";
import { gradeLabel } from "@/lib/client/format";
import type { StudentDto } from "@/lib/contracts";
import { cn } from "@/lib/utils";

const StudentSelect = lazy(() =>
  import("@/components/parent/student-select").then((m) => ({ default: m.StudentSelect })),
);

// The floating student selector of the menu tab, shown when there is more than one student
// (spec 000 §2). It sits bottom-left, beside the floating cart button. Until it is first pressed
// it is a stand-in with the same look, name and role; the press fetches Radix's select (and its
// positioning code) and opens it, so the first paint of the Menu Calendar does not wait for it.
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
  // null until first pressed; then the open state of the loaded select.
  const [open, setOpen] = useState<boolean | null>(null);
  const selected = students.find((s) => s.id === value);
  // The attributes of Radix's closed trigger, which has aria-controls only while its list is open.
  const standIn = (
    <button
      type="button"
      id={id}
      // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      data-slot="select-trigger"
      data-size="default"
      className={cn(
        selectTriggerClassName,
        "min-h-11 w-full min-w-0 text-left break-words whitespace-normal data-[size=default]:h-auto *:data-[slot=select-value]:line-clamp-none pointer-coarse:data-[size=default]:h-auto",
      )}
      onClick={() => setOpen(true)}
    >
      <span data-slot="select-value" className="pointer-events-none min-w-0">
        {selected && `${selected.name} (${gradeLabel(selected.grade)})`}
      </span>
      <ChevronDownIcon className="size-4 opacity-50" aria-hidden />
    </button>
  );
  return (
    <div className="fixed bottom-4 left-4 z-40 flex max-w-[calc(100vw-10rem)] flex-col gap-1 rounded-xl border bg-background p-2 shadow-lg sm:max-w-xs">
      <Label htmlFor={id} className="px-1 text-xs text-muted-foreground">
        Ordering for
      </Label>
      {open === null ? (
        standIn
      ) : (
        <Suspense fallback={standIn}>
          <StudentSelect
            id={id}
            students={students}
            value={value}
            onChange={onChange}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      )}
    </div>
  );
}
