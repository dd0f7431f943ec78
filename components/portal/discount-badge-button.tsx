"use client";

import { Tag } from "lucide-react";
import type { ComponentProps } from "react";
import { badgeVariants } from "@/components/ui/badge";
import type { MyDiscountCodeDto } from "@/lib/contracts";
import { cn } from "@/lib/utils";

// The discount badge itself (spec 000 §2): shown alone while the tooltip is fetched, and the
// tooltip's trigger once it is there. Its own module, so the badge and the tooltip both import it.
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
