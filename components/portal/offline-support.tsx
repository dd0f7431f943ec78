"use client";

import { WifiOff } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { prefetchForOffline } from "@/components/portal/lazy-offline";
import { IDLE_PREFETCH_MARK, whenIdle } from "@/lib/client/idle-prefetch";

// Offline use of the parent and teacher screens (issue 8): in production, once the page has loaded
// and the browser is idle, the code that offline use needs beyond the first paint is fetched
// (Order History, repeat-last-week, the Cart: `prefetchForOffline`), then the service worker
// (public/sw.js) is registered and told which of the reads and assets this page fetched so it can
// keep them; while the browser reports no network, a notice says that what is shown comes from the
// last visit.

export const OFFLINE_NOTICE = "You are offline. Showing the menu and orders from your last visit.";

function subscribeOnline(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser reports a network; assumed online during server rendering. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

function loadedUrls() {
  const page = { url: window.location.href, navigate: true };
  const resources = performance
    .getEntriesByType("resource")
    .filter((e) => e.name.startsWith(window.location.origin))
    .map((e) => ({ url: e.name, navigate: false }));
  return [page, ...resources];
}

async function prefetchThenRegister(prefetch?: () => Promise<unknown>) {
  await whenIdle();
  performance.mark(IDLE_PREFETCH_MARK);
  // A failed download (offline already) leaves these to be fetched on first use, as online.
  await prefetchForOffline(prefetch).catch(() => undefined);
  if ("serviceWorker" in navigator) await registerServiceWorker();
}

async function registerServiceWorker() {
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  const ready = await navigator.serviceWorker.ready;
  (ready.active ?? worker)?.postMessage({ type: "cache-urls", urls: loadedUrls() });
}

/** `prefetch`: the screen's own code for offline use beyond the portal's (the teacher's cart sheet). */
export function OfflineSupport({ prefetch }: { prefetch?: () => Promise<unknown> }) {
  const online = useOnline();

  useEffect(() => {
    if (process.env.NODE_ENV !== "production") return;
    const register = () => void prefetchThenRegister(prefetch).catch(() => undefined);
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    return () => window.removeEventListener("load", register);
    // A module's loader: the same function for the page's life.
  }, [prefetch]);

  if (online) return null;
  return (
    <p
      role="status"
      className="mb-4 flex items-center gap-2 rounded-md border border-warning bg-warning/15 px-3 py-2 text-sm text-warning-foreground"
    >
      <WifiOff aria-hidden className="size-4 shrink-0" />
      {OFFLINE_NOTICE}
    </p>
  );
}
