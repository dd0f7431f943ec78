"use client";

import { useSyncExternalStore } from "react";

// Below the spec's 768 px breakpoint. On the server (and before hydration) the answer is unknown.
const QUERY = "(max-width: 767px)";

function subscribe(onChange: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

export function useIsNarrow(): boolean | undefined {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => undefined,
  );
}
