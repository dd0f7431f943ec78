"use client";

/** Placeholder: replaced by the section's screen. */
export function ParentsStudentsSection() {
  return <p className="text-muted-foreground">Coming soon.</p>;
}
