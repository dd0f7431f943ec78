"use client";

import { formatInstant } from "@/lib/client/format";
import type { CareChangeDto } from "@/lib/contracts/guardians";

// Issue 49 (decision 0119): who changed the child's allergies, dietary notes and consent, newest
// first, as both guardians see it in the child's dialogs: "Jane Banda, 03 Dec 2026, 09:41: added
// Peanuts".

/** One change in words: "added Peanuts; removed Milk; changed the dietary notes". */
export function describeCareChange(change: CareChangeDto): string {
  const parts = [
    ...(change.consent === "given" ? ["gave consent to keep allergy information"] : []),
    ...(change.added.length > 0 ? [`added ${change.added.join(", ")}`] : []),
    ...(change.removed.length > 0 ? [`removed ${change.removed.join(", ")}`] : []),
    ...(change.dietaryNotes ? ["changed the dietary notes"] : []),
    ...(change.consent === "withdrawn" ? ["withdrew consent (allergies and notes cleared)"] : []),
  ];
  return parts.join("; ");
}

export function CareHistory({
  changes,
  timeZone,
}: {
  changes: readonly CareChangeDto[];
  timeZone: string;
}) {
  if (changes.length === 0) return null;
  return (
    <section aria-label="Changes to allergies and notes" className="grid gap-2 border-t pt-3">
      <h3 className="text-sm font-medium">Changes to allergies and notes</h3>
      <ul className="grid gap-1.5 text-sm text-muted-foreground">
        {changes.map((change) => (
          <li key={`${change.at}-${change.by}`} className="break-words">
            <span className="font-medium text-foreground">
              {change.byOffice ? `${change.by} (school office)` : change.by}
            </span>
            {`, ${formatInstant(change.at, timeZone)}: ${describeCareChange(change)}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
