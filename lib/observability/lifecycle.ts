import "server-only";

// Graceful shutdown. On SIGTERM the instance stops being ready (GET /api/health/ready answers 503,
// so a load balancer stops sending it new work), waits for the API requests in flight to finish
// (an order or a payment half-written is never cut off), closes the database and exits. State is
// per process on purpose: it describes this process, not the service.

let inFlight = 0;
let draining = false;
const idleWaiters = new Set<() => void>();

export function requestStarted(): void {
  inFlight++;
}

export function requestFinished(): void {
  inFlight = Math.max(0, inFlight - 1);
  if (inFlight === 0) for (const wake of idleWaiters) wake();
}

export function requestsInFlight(): number {
  return inFlight;
}

export function isDraining(): boolean {
  return draining;
}

export function startDraining(): void {
  draining = true;
}

/** Resolves true when no API request is in flight, or false after `timeoutMs`. */
export function waitForIdle(timeoutMs: number): Promise<boolean> {
  if (inFlight === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      idleWaiters.delete(wake);
      resolve(true);
    };
    const timer = setTimeout(() => {
      idleWaiters.delete(wake);
      resolve(false);
    }, timeoutMs);
    idleWaiters.add(wake);
  });
}
