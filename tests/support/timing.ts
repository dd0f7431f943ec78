// Timing comparisons for the tests that check an answer's time reveals nothing (an account's
// existence, a pending temporary password). The two kinds of call run alternately, a, b, a, b…, and
// each kind's median is taken: whatever else the machine does meanwhile (another test file on the
// other core, a collection) falls on both kinds alike instead of on one run of five.

/** The median milliseconds of `a(i)` and of `b(i)` for i = 0…runs-1, the calls alternating. */
export async function alternatingMedians(
  runs: number,
  a: (i: number) => Promise<unknown>,
  b: (i: number) => Promise<unknown>,
): Promise<{ a: number; b: number }> {
  const times = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < runs; i++) {
    // Which kind goes first alternates too, so neither always follows the other.
    const order = i % 2 === 0 ? (["a", "b"] as const) : (["b", "a"] as const);
    for (const kind of order) {
      const started = performance.now();
      await (kind === "a" ? a(i) : b(i));
      times[kind].push(performance.now() - started);
    }
  }
  return { a: median(times.a), b: median(times.b) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
}
