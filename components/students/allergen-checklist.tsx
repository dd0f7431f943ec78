"use client";

import { useAllergenChoices } from "@/components/students/use-allergen-choices";
import { Checklist } from "@/components/ui/checklist";

/**
 * The allergen boxes of a child's form and a menu item's form: the built-ins and the school's own
 * (issue 44), and any the record carries that is no longer offered.
 */
export function AllergenChecklist({
  label,
  value,
  onChange,
}: {
  label: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const options = useAllergenChoices(value);
  return <Checklist label={label} options={options} value={value} onChange={onChange} />;
}
