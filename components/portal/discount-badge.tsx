"use client";

import { lazy, Suspense } from "react";
import { DiscountBadgeButton } from "@/components/portal/discount-badge-button";
import { useMyDiscountCode } from "@/components/portal/use-portal-queries";

// Radix's tooltip (and its positioning code) is fetched only for a caller who has a code; until it
// is there the same badge shows without its tooltip.
const DiscountTooltip = lazy(() =>
  import("@/components/portal/discount-tooltip").then((m) => ({ default: m.DiscountTooltip })),
);

// The caller's discount code in the header (spec 000 §2): a badge whose tooltip (300 ms delay)
// shows the code and the percentage. Nothing when the caller has no code.
export function DiscountBadge({ showCode = false }: { showCode?: boolean }) {
  const { data } = useMyDiscountCode();
  if (!data) return null;
  return (
    <Suspense fallback={<DiscountBadgeButton code={data} showCode={showCode} />}>
      <DiscountTooltip code={data} showCode={showCode} />
    </Suspense>
  );
}
