import "server-only";
import v8 from "node:v8";

// V8 lets a busy server's heap grow to about four times what survives a full collection before it
// collects again, almost all of it garbage waiting (figures in docs/benchmarks.md). Growing the
// heap by at most HEAP_GROWING_PERCENT over the live size keeps it near twice that size. There is
// no fixed cap, so a large answer (every order, for an admin's export) still gets its room.

export const HEAP_GROWING_PERCENT = 100;

const FLAG = "--heap-growing-percent";

/**
 * Sets V8's heap growing factor for this process, unless the operator chose one on the command
 * line or in NODE_OPTIONS. Returns the flag it set, or null.
 */
export function limitHeapGrowth(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string = process.env.NODE_OPTIONS ?? "",
  setFlags: (flags: string) => void = (flags) => v8.setFlagsFromString(flags),
): string | null {
  const chosen = [...execArgv, ...nodeOptions.split(/\s+/)].some(
    (arg) => arg.startsWith(FLAG) || arg.startsWith("--heap_growing_percent"),
  );
  if (chosen) return null;
  const flag = `${FLAG}=${HEAP_GROWING_PERCENT}`;
  setFlags(flag);
  return flag;
}
