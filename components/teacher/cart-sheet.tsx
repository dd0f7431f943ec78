"use client";

import type { ComponentProps } from "react";
import { LazyCartView } from "@/components/portal/lazy-portal";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";

// The teacher's cart in a side sheet (spec 000 §2): the same cart and Place Order flow as the
// parent's Cart tab. Fetched once the page is idle, or when the sheet is first opened before that.
export function CartSheet({
  open,
  onOpenChange,
  ...cart
}: ComponentProps<typeof LazyCartView> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-full p-4 pt-12 sm:max-w-lg">
        <SheetTitle className="sr-only">Cart</SheetTitle>
        <SheetDescription className="sr-only">Your meals and Place Order</SheetDescription>
        <LazyCartView {...cart} />
      </SheetContent>
    </Sheet>
  );
}
