import { Menu } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

/** The header's "Open menu" button (below 768 px), before and after its dropdown is loaded. */
export function MenuButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="outline" size="icon" aria-label="Open menu" {...props}>
      <Menu aria-hidden />
    </Button>
  );
}
