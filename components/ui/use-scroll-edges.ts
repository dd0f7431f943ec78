"use client";

import { useEffect, useState, type RefObject } from "react";

// Whether an element scrolls sideways, and on which side more of it is hidden. Measured on scroll
// and whenever the element or its first table changes size.

export type ScrollEdges = { overflows: boolean; left: boolean; right: boolean };
const NONE: ScrollEdges = { overflows: false, left: false, right: false };

export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>(NONE);
  useEffect(() => {
    const scroller = ref.current;
    if (!scroller) return;
    const measure = () => {
      const hidden = scroller.scrollWidth - scroller.clientWidth;
      const next = {
        overflows: hidden > 1,
        left: scroller.scrollLeft > 1,
        right: scroller.scrollLeft < hidden - 1,
      };
      setEdges((current) =>
        current.overflows === next.overflows &&
        current.left === next.left &&
        current.right === next.right
          ? current
          : next,
      );
    };
    measure();
    scroller.addEventListener("scroll", measure, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(scroller);
    const table = scroller.firstElementChild;
    if (table) observer?.observe(table);
    return () => {
      scroller.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}
