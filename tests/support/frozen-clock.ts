import { jest } from "@jest/globals";

// A test set at a moment of the school's week: only `Date` is faked. Every timer, the event loop's
// queues and the high-resolution clocks stay real, so the database, the HTTP fakes and Prisma's
// own time-outs run as usual while `new Date()` and `Date.now()` read the chosen moment.
// `advanceTimers`: the frozen clock moves on with real time from that moment.

const REAL = [
  "hrtime",
  "nextTick",
  "performance",
  "queueMicrotask",
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "requestIdleCallback",
  "cancelIdleCallback",
  "setImmediate",
  "clearImmediate",
  "setInterval",
  "clearInterval",
  "setTimeout",
  "clearTimeout",
] as const;

/** Fakes `Date` alone at `now`; `jest.useRealTimers()` ends it. */
export function freezeClock(now: Date | string, options: { advanceTimers?: boolean } = {}): void {
  jest.useFakeTimers({
    now: typeof now === "string" ? new Date(now) : now,
    ...(options.advanceTimers ? { advanceTimers: true } : {}),
    doNotFake: [...REAL],
  });
}
