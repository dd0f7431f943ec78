import { Badge } from "@/components/ui/badge";
import { formatZmw, percentOff } from "@/lib/money";
import { cn } from "@/lib/utils";

// A menu price: the discount price with the original struck through and the rounded percent-off
// label (spec 000 §9) when the item is on offer, else the price.
export function PriceTag({
  price,
  discountPrice,
  className,
}: {
  price: string;
  discountPrice: string | null;
  className?: string;
}) {
  const percent = percentOff(price, discountPrice);
  const effective = discountPrice ?? price;
  return (
    <span className={cn("flex flex-wrap items-center gap-x-2 gap-y-1", className)}>
      <span className="font-semibold">{formatZmw(effective)}</span>
      {percent !== null && (
        <>
          <s className="text-sm text-muted-foreground">
            <span className="sr-only">Was </span>
            {formatZmw(price)}
          </s>
          <Badge variant="success">{percent}% off</Badge>
        </>
      )}
    </span>
  );
}
