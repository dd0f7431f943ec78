"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import type { MenuItemDto } from "@/lib/contracts";
import { formatZmw } from "@/lib/money";
import { daysText } from "./menu-items-table";

/** One item's details, with the way to its edit page. */
export function DetailDialog({ item, onClose }: { item: MenuItemDto | null; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        {item ? (
          <>
            <DialogHeader>
              <DialogTitle>{item.name}</DialogTitle>
              <DialogDescription>{item.description || "No description"}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium">Schedule</dt>
              <dd>
                Weeks {item.weekNumbers.join(", ")}; {daysText(item.daysOfWeek)}
              </dd>
              <dt className="font-medium">Allergens</dt>
              <dd>{item.allergens.length > 0 ? item.allergens.join(", ") : "None"}</dd>
              <dt className="font-medium">Available sides</dt>
              <dd>{item.sideDishes.length > 0 ? item.sideDishes.join(", ") : "None"}</dd>
              <dt className="font-medium">Price</dt>
              <dd>{formatZmw(item.price)}</dd>
              <dt className="font-medium">Availability</dt>
              <dd>
                <Badge variant={item.isAvailable ? "default" : "secondary"}>
                  {item.isAvailable ? "Available" : "Unavailable"}
                </Badge>
              </dd>
            </dl>
            <DialogFooter>
              <Button asChild>
                <Link href={`/menu/edit/${item.id}`}>Edit Item</Link>
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
