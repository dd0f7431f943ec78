import { MessageSquare } from "lucide-react";
import { DiscountBadge } from "@/components/portal/discount-badge";
import { Button } from "@/components/ui/button";

// What the parent and teacher screens add to the portal header from 768 px up: the discount-code
// badge and Contact. Below that both sit in the header's dropdown menu (header-menu.tsx).
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
