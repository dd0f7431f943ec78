import type { LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cn } from "@/lib/utils";

// The portal's tab bar: equal columns that fit 360 px (icon above a short label on phones, side
// by side from `sm`), each at least 44 px tall.
export function PortalTabsList({
  columns,
  className,
  ...props
}: ComponentProps<typeof TabsList> & { columns: 2 | 4 }) {
  return (
    <TabsList
      className={cn(
        "grid h-auto w-full pointer-coarse:h-auto",
        columns === 4 ? "grid-cols-4" : "grid-cols-2",
        className,
      )}
      {...props}
    />
  );
}

export function PortalTabsTrigger({
  icon: Icon,
  children,
  className,
  ...props
}: ComponentProps<typeof TabsTrigger> & { icon: LucideIcon }) {
  return (
    <TabsTrigger
      className={cn(
        "min-h-11 min-w-0 flex-col gap-1 px-1 py-1.5 text-xs leading-tight whitespace-normal sm:flex-row sm:text-sm",
        className,
      )}
      {...props}
    >
      <Icon aria-hidden />
      <span className="text-center">{children}</span>
    </TabsTrigger>
  );
}
