"use client";

/** Placeholder: replaced by the section's screen. */
export function RefundManagementSection() {
  return <p className="text-muted-foreground">Coming soon.</p>;
}
