import { MessageSquare } from "lucide-react";
import { DiscountBadge } from "@/components/portal/discount-badge";
import { Button } from "@/components/ui/button";

// What the parent and teacher screens add to the portal header: the discount-code badge and
// Contact. PortalHeader shows `extra` from 768 px up; below that the screens render
// <MobileHeaderExtras> under the header, because its dropdown has no slot for them.
export function HeaderExtras({ onContact }: { onContact: () => void }) {
  return (
    <>
      <DiscountBadge />
      <Button variant="outline" onClick={onContact}>
        <MessageSquare aria-hidden /> Contact
      </Button>
    </>
  );
}

export function MobileHeaderExtras({ onContact }: { onContact: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 border-b px-4 py-2 md:hidden">
      <DiscountBadge showCode />
      <Button variant="outline" onClick={onContact}>
        <MessageSquare aria-hidden /> Contact
      </Button>
    </div>
  );
}
