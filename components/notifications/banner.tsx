"use client";

import * as React from "react";
import type { BannerItem, BannerOptions } from "@/components/notifications/banner-types";

export type {
  BannerItem,
  BannerOptions,
  BannerType,
} from "@/components/notifications/banner-types";

/**
 * Top banners (separate from toasts): success, error, info and warning messages pinned to the top
 * of the viewport, above the content. Each closes by itself after `duration` ms (3000 by default)
 * or through its close button, then plays a 300 ms exit transition before it is removed.
 *
 * Mount <BannerProvider> once (root layout, client side) and call `useBanner().show(...)`.
 */

export interface BannerApi {
  /** Shows a banner and returns its id. */
  show: (options: BannerOptions) => string;
  /** Closes a banner (with its exit transition); unknown or already closing ids are ignored. */
  dismiss: (id: string) => void;
}

export const BANNER_DEFAULT_DURATION = 3000;
export const BANNER_EXIT_DURATION = 300;

const BannerContext = React.createContext<BannerApi | null>(null);

// The banners' look (their icons, classes and close button) is fetched with the first banner shown
// (components/notifications/banner-view.tsx): no screen shows one on its first paint, and the root
// layout mounts this provider on every page.
// Once the page is idle the chunk is fetched ahead (preloadBannerView), so on a slow network a
// banner still shows within its few seconds on screen.
const loadBannerView = () => import("@/components/notifications/banner-view");
const BannerView = React.lazy(() => loadBannerView().then((m) => ({ default: m.BannerView })));

function preloadBannerView(): () => void {
  const load = () => void loadBannerView().catch(() => undefined);
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(load, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(load, 2000);
  return () => clearTimeout(handle);
}

export function BannerProvider({ children }: { children?: React.ReactNode }) {
  const [banners, setBanners] = React.useState<BannerItem[]>([]);
  // Auto-close timers (key: id) and exit timers (key: `${id}:exit`), plus the ids on screen.
  const timers = React.useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const live = React.useRef(new Set<string>());
  const nextId = React.useRef(0);

  const clearTimer = React.useCallback((id: string) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) {
      clearTimeout(timer);
      timers.current.delete(id);
    }
  }, []);

  const dismiss = React.useCallback(
    (id: string) => {
      if (!live.current.has(id) || timers.current.has(`${id}:exit`)) return;
      clearTimer(id);
      setBanners((current) =>
        current.map((banner) => (banner.id === id ? { ...banner, closing: true } : banner)),
      );
      timers.current.set(
        `${id}:exit`,
        setTimeout(() => {
          timers.current.delete(`${id}:exit`);
          live.current.delete(id);
          setBanners((current) => current.filter((banner) => banner.id !== id));
        }, BANNER_EXIT_DURATION),
      );
    },
    [clearTimer],
  );

  const show = React.useCallback(
    (options: BannerOptions) => {
      nextId.current += 1;
      const id = `banner-${nextId.current}`;
      live.current.add(id);
      setBanners((current) => [...current, { ...options, id, closing: false }]);
      const duration = options.duration ?? BANNER_DEFAULT_DURATION;
      if (Number.isFinite(duration) && duration > 0) {
        timers.current.set(
          id,
          setTimeout(() => {
            timers.current.delete(id);
            dismiss(id);
          }, duration),
        );
      }
      return id;
    },
    [dismiss],
  );

  React.useEffect(() => preloadBannerView(), []);

  React.useEffect(() => {
    const pending = timers.current;
    const shown = live.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
      shown.clear();
    };
  }, []);

  const api = React.useMemo<BannerApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <BannerContext.Provider value={api}>
      {children}
      <div
        data-slot="banner-viewport"
        className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex flex-col items-center gap-2 p-2 sm:p-3"
      >
        {banners.length > 0 && (
          <React.Suspense fallback={null}>
            {banners.map((banner) => (
              <BannerView key={banner.id} banner={banner} onClose={() => dismiss(banner.id)} />
            ))}
          </React.Suspense>
        )}
      </div>
    </BannerContext.Provider>
  );
}

/** `show` / `dismiss` for the top banners; must be used under <BannerProvider>. */
export function useBanner(): BannerApi {
  const api = React.useContext(BannerContext);
  if (!api) {
    throw new Error("useBanner must be used within <BannerProvider>");
  }
  return api;
}
