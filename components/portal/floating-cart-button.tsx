import { ShoppingCart } from "lucide-react";
import { Button } from "@/components/ui/button";

// The floating cart button of the menu tab (spec 000 §2), with the number of meals in the cart.
export function FloatingCartButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <Button
      size="lg"
      onClick={onClick}
      aria-label={`Cart, ${count} ${count === 1 ? "item" : "items"}`}
      className="fixed right-4 bottom-4 z-40 h-12 rounded-full px-5 shadow-lg pointer-coarse:h-12"
    >
      <ShoppingCart aria-hidden className="size-5" />
      Cart
      <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-background px-1.5 text-xs font-semibold text-foreground">
        {count}
      </span>
    </Button>
  );
}
