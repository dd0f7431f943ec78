"use client";

import { useState } from "react";

/**
 * True from the first render where `shown` is true, for good: a dialog whose code is fetched when
 * it first opens stays mounted afterwards, so it can play its closing transition and reopen at once.
 */
export function useShownOnce(shown: boolean): boolean {
  const [seen, setSeen] = useState(shown);
  if (shown && !seen) setSeen(true);
  return seen || shown;
}
