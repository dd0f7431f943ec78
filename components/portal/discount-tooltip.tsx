"use client";

import { DiscountBadgeButton } from "@/components/portal/discount-badge-button";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import type { MyDiscountCodeDto } from "@/lib/contracts";

// The discount badge with its tooltip (300 ms delay): the code and the percentage.
export function DiscountTooltip({
  code,
  showCode,
}: {
  code: MyDiscountCodeDto;
  showCode: boolean;
}) {
  return (
    <TooltipProvider delayDuration={300}>
      <Tooltip>
        <TooltipTrigger asChild>
          <DiscountBadgeButton code={code} showCode={showCode} />
        </TooltipTrigger>
        <TooltipContent>{`Discount code ${code.code}: ${code.discountPercentage}% off`}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
