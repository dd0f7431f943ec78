import "server-only";

// Graceful shutdown. On SIGTERM the instance stops being ready (GET /api/health/ready answers 503,
// so a load balancer stops sending it new work), waits for the API requests in flight to finish
// (an order or a payment half-written is never cut off), closes the database and exits. The state
// describes this process, not the service, so it lives in the process: on globalThis, because
// Next bundles instrumentation and each route separately and a module-level variable would exist
// once per bundle.

type Lifecycle = { inFlight: number; draining: boolean; idleWaiters: Set<() => void> };

const holder = globalThis as unknown as { canteenLifecycle?: Lifecycle };
const state: Lifecycle = (holder.canteenLifecycle ??= {
  inFlight: 0,
  draining: false,
  idleWaiters: new Set(),
});

export function requestStarted(): void {
  state.inFlight++;
}

export function requestFinished(): void {
  state.inFlight = Math.max(0, state.inFlight - 1);
  if (state.inFlight === 0) for (const wake of state.idleWaiters) wake();
}

export function requestsInFlight(): number {
  return state.inFlight;
}

export function isDraining(): boolean {
  return state.draining;
}

export function startDraining(): void {
  state.draining = true;
}

/** Resolves true when no API request is in flight, or false after `timeoutMs`. */
export function waitForIdle(timeoutMs: number): Promise<boolean> {
  if (state.inFlight === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      state.idleWaiters.delete(wake);
      resolve(true);
    };
    const timer = setTimeout(() => {
      state.idleWaiters.delete(wake);
      resolve(false);
    }, timeoutMs);
    state.idleWaiters.add(wake);
  });
}
