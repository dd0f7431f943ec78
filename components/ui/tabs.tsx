"use client";

import * as React from "react";

import { cn } from "@/lib/utils";

// Tabs in shadcn's style, written here instead of on Radix's Tabs: the parent's and teacher's first
// load hydrates the tab bar, and Radix's Tabs with its roving focus, collection and presence was
// about 8 kB gzipped of it (issue 20). Same markup, roles and keyboard as Radix's (WAI-ARIA tabs,
// automatic activation): role tablist / tab / tabpanel, aria-selected, aria-controls,
// aria-labelledby, data-state, one tab in the Tab order, Left/Right/Home/End move and select; an
// inactive panel renders `hidden` and empty.

type TabsContextValue = {
  baseId: string;
  value: string;
  select: (value: string) => void;
};

const TabsContext = React.createContext<TabsContextValue | null>(null);

function useTabs(part: string): TabsContextValue {
  const context = React.useContext(TabsContext);
  if (!context) throw new Error(`${part} must be used inside <Tabs>`);
  return context;
}

const idFor = (baseId: string, part: "trigger" | "content", value: string) =>
  `${baseId}-${part}-${value.replace(/\s+/g, "-")}`;

type TabsProps = Omit<React.ComponentProps<"div">, "defaultValue" | "dir"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

function Tabs({ value, defaultValue, onValueChange, className, ...props }: TabsProps) {
  const baseId = React.useId();
  const [own, setOwn] = React.useState(defaultValue ?? "");
  const current = value ?? own;
  const select = React.useCallback(
    (next: string) => {
      if (value === undefined) setOwn(next);
      if (next !== current) onValueChange?.(next);
    },
    [value, current, onValueChange],
  );
  const context = React.useMemo(
    () => ({ baseId, value: current, select }),
    [baseId, current, select],
  );
  return (
    <TabsContext.Provider value={context}>
      <div
        data-slot="tabs"
        dir="ltr"
        data-orientation="horizontal"
        className={cn("flex flex-col gap-2", className)}
        {...props}
      />
    </TabsContext.Provider>
  );
}

/** Left/Right (wrapping), Home and End move to another enabled tab of the list and select it. */
function moveFocus(event: React.KeyboardEvent<HTMLDivElement>) {
  const tabs = Array.from(
    event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])'),
  );
  const at = tabs.indexOf(event.target as HTMLButtonElement);
  if (at < 0 || tabs.length === 0) return;
  const next =
    event.key === "ArrowRight"
      ? (at + 1) % tabs.length
      : event.key === "ArrowLeft"
        ? (at - 1 + tabs.length) % tabs.length
        : event.key === "Home"
          ? 0
          : event.key === "End"
            ? tabs.length - 1
            : null;
  if (next === null) return;
  event.preventDefault();
  tabs[next]?.focus();
}

function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      data-orientation="horizontal"
      className={cn(
        "inline-flex h-9 w-fit max-w-full items-center justify-center overflow-x-auto rounded-lg bg-muted p-[3px] text-muted-foreground pointer-coarse:h-12",
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

function TabsTrigger({
  value,
  className,
  disabled,
  onClick,
  onFocus,
  ...props
}: Omit<React.ComponentProps<"button">, "value"> & { value: string }) {
  const tabs = useTabs("TabsTrigger");
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idFor(tabs.baseId, "trigger", value)}
      aria-selected={selected}
      aria-controls={idFor(tabs.baseId, "content", value)}
      data-state={selected ? "active" : "inactive"}
      data-disabled={disabled ? "" : undefined}
      data-orientation="horizontal"
      data-slot="tabs-trigger"
      disabled={disabled}
      tabIndex={selected ? 0 : -1}
      className={cn(
        "inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center gap-1.5 rounded-md border border-transparent px-2 py-1 text-sm font-medium whitespace-nowrap text-foreground/75 transition-[color,box-shadow] outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm pointer-coarse:px-3 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !disabled) tabs.select(value);
      }}
      // Automatic activation, as Radix's: a tab reached with the arrow keys is selected.
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.defaultPrevented && !disabled && !selected) tabs.select(value);
      }}
      {...props}
    />
  );
}

function TabsContent({
  value,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<"div">, "value"> & { value: string }) {
  const tabs = useTabs("TabsContent");
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={idFor(tabs.baseId, "content", value)}
      aria-labelledby={idFor(tabs.baseId, "trigger", value)}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      data-slot="tabs-content"
      hidden={!selected}
      tabIndex={0}
      className={cn(
        "flex-1 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
        className,
      )}
      {...props}
    >
      {selected ? children : null}
    </div>
  );
}

export { Tabs, TabsList, TabsTrigger, TabsContent };
