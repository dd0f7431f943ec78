// What the parent and teacher screens fetch once the first paint is done and the browser is idle
// (components/portal/offline-support.tsx): the code offline use needs beyond the Menu Calendar.

/** The User Timing mark set as that fetch starts: `npm run bundle-size` counts the scripts
 * requested from then on apart from the first load, never the ones requested before it. */
export const IDLE_PREFETCH_MARK = "portal:idle-prefetch";

/** Resolves when the browser has nothing more urgent to do (at most 2 s after it is asked). */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}
