"use client";

import { Tag } from "lucide-react";
import { lazy, Suspense, type ComponentProps } from "react";
import { useMyDiscountCode } from "@/components/portal/use-portal-queries";
import { badgeVariants } from "@/components/ui/badge";
import type { MyDiscountCodeDto } from "@/lib/contracts";
import { cn } from "@/lib/utils";

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

/** The badge itself: the tooltip's trigger. */
export function DiscountBadgeButton({
  code,
  showCode,
  className,
  ...props
}: ComponentProps<"button"> & { code: MyDiscountCodeDto; showCode: boolean }) {
  return (
    <button
      type="button"
      className={cn(
        badgeVariants({ variant: "success" }),
        "min-h-10 cursor-default px-3 text-sm focus-visible:ring-ring",
        className,
      )}
      {...props}
    >
      <Tag aria-hidden />
      {showCode ? (
        <span>
          {code.code} · {code.discountPercentage}% off
        </span>
      ) : (
        <span>
          <span className="sr-only">Discount code {code.code}: </span>
          {code.discountPercentage}% off
        </span>
      )}
    </button>
  );
}
