// The server process limits V8's heap growth (peak RSS, issue 8) unless the operator chose a value.
import { describe, expect, it } from "@jest/globals";
import { HEAP_GROWING_PERCENT, limitHeapGrowth } from "@/lib/system/heap-growth";

describe("limitHeapGrowth", () => {
  it("sets V8's heap growing percent when nothing was chosen", () => {
    const set: string[] = [];
    expect(limitHeapGrowth([], "", (f) => set.push(f))).toBe(
      `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
    );
    expect(set).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
  });

  it("leaves an operator's own choice alone (command line or NODE_OPTIONS)", () => {
    const set: string[] = [];
    expect(limitHeapGrowth(["--heap-growing-percent=30"], "", (f) => set.push(f))).toBeNull();
    expect(
      limitHeapGrowth([], "--enable-source-maps --heap_growing_percent=300", (f) => set.push(f)),
    ).toBeNull();
    expect(set).toEqual([]);
  });
});
