"use client";

import { Tag } from "lucide-react";
import { useMyDiscountCode } from "@/components/portal/use-portal-queries";
import { badgeVariants } from "@/components/ui/badge";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";

// The caller's discount code in the header (spec 000 §2): a badge whose tooltip (300 ms delay)
// shows the code and the percentage. Nothing when the caller has no code.
export function DiscountBadge({ showCode = false }: { showCode?: boolean }) {
  const { data } = useMyDiscountCode();
  if (!data) return null;
  const summary = `Discount code ${data.code}: ${data.discountPercentage}% off`;
  return (
    <TooltipProvider delayDuration={300}>
      <Tooltip>
        <TooltipTrigger asChild>
          <button
            type="button"
            className={cn(
              badgeVariants({ variant: "success" }),
              "min-h-10 cursor-default px-3 text-sm focus-visible:ring-ring",
            )}
          >
            <Tag aria-hidden />
            {showCode ? (
              <span>
                {data.code} · {data.discountPercentage}% off
              </span>
            ) : (
              <span>
                <span className="sr-only">Discount code {data.code}: </span>
                {data.discountPercentage}% off
              </span>
            )}
          </button>
        </TooltipTrigger>
        <TooltipContent>{summary}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
