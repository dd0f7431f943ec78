// The look of <SelectTrigger> (components/ui/select), in a module of its own so that a stand-in
// shown before Radix's select is loaded can look the same without importing it. No pointer events
// when disabled: Radix opens on pointerdown, which a browser still fires on a button disabled by
// its <fieldset> (a settings card's fields while its saved values load).
export const selectTriggerClassName = [
  "flex w-fit items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 py-2 text-sm whitespace-nowrap shadow-xs transition-[color,box-shadow] outline-none disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground data-[size=default]:h-9 data-[size=sm]:h-8 *:data-[slot=select-value]:line-clamp-1 *:data-[slot=select-value]:flex *:data-[slot=select-value]:items-center *:data-[slot=select-value]:gap-2 pointer-coarse:data-[size=default]:h-11 pointer-coarse:data-[size=sm]:h-10 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4 [&_svg:not([class*='text-'])]:text-muted-foreground",
  "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring",
  "aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive",
].join(" ");
