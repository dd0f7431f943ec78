// Timing comparisons for the tests that check an answer's time reveals nothing (an account's
// existence, a pending temporary password). The two kinds of call run alternately, a, b, a, b…, and
// each kind's median is taken: whatever else this process does meanwhile (a collection) falls on
// both kinds alike instead of on one run of five.
//
// What is measured:
// - "cpu": the CPU time this process spends on the call, on every thread (argon2 runs on libuv's
//   pool, PGlite on the main thread). For answers whose time is their work: it shows a path that
//   skips a hash and is blind to the other Jest worker's load on the shared cores, which wall time
//   is not (a CI run saw a wrong password's median wall time at 2.6 times an unknown user's, both
//   doing the same two verifications, while that worker was busy).
// - "wall": the elapsed time, for answers held to a fixed floor whatever their work.

export type Measure = "cpu" | "wall";

/** The median of `a(i)` and of `b(i)` for i = 0…runs-1, in milliseconds, the calls alternating. */
export async function alternatingMedians(
  runs: number,
  measure: Measure,
  a: (i: number) => Promise<unknown>,
  b: (i: number) => Promise<unknown>,
): Promise<{ a: number; b: number }> {
  const times = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < runs; i++) {
    // Which kind goes first alternates too, so neither always follows the other.
    const order = i % 2 === 0 ? (["a", "b"] as const) : (["b", "a"] as const);
    for (const kind of order) {
      const started = { wall: performance.now(), cpu: process.cpuUsage() };
      await (kind === "a" ? a(i) : b(i));
      const cpu = process.cpuUsage(started.cpu);
      times[kind].push(
        measure === "cpu" ? (cpu.user + cpu.system) / 1000 : performance.now() - started.wall,
      );
    }
  }
  return { a: median(times.a), b: median(times.b) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
}
