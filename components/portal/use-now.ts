"use client";

import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from "react";

// The screens' clock. The server renders with its own time; the first client render (hydration)
// must use that same time, or a cut-off passing in between would render different day states.
const RenderedAtContext = createContext<number | null>(null);

/** When the server read the page's data (ms): the first time of the clocks inside it. */
export function RenderedAt({ time, children }: { time: number; children: ReactNode }) {
  return createElement(RenderedAtContext, { value: time }, children);
}

/** The current time, refreshed every `intervalMs`, so cut-offs and the cancel window move on. */
export function useNow(intervalMs = 30_000): Date {
  const renderedAt = useContext(RenderedAtContext);
  // The server's time while it is fresher than one refresh (hydration, and the server render
  // itself); a copy rendered long ago (the offline page) starts from the real time.
  const [now, setNow] = useState(() =>
    renderedAt !== null && Date.now() - renderedAt < intervalMs ? new Date(renderedAt) : new Date(),
  );
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
