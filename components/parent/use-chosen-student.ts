"use client";

import { useCallback, useEffect, useState } from "react";

const CHOSEN_STUDENT_KEY = "chosen-student";

function stored(): number | null {
  try {
    const value = Number(window.localStorage.getItem(CHOSEN_STUDENT_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/**
 * The child the Menu Calendar orders for (issue 24 §5): the one the parent chose stays chosen
 * across tabs and visits (kept in this browser), instead of falling back to the newest child.
 */
export function useChosenStudent(): [number | null, (studentId: number) => void] {
  // Read after the first render: the server's HTML (and so hydration) knows no browser storage.
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    const remembered = stored();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- storage is read once, after hydration
    if (remembered !== null) setChosen(remembered);
  }, []);
  const choose = useCallback((studentId: number) => {
    setChosen(studentId);
    try {
      window.localStorage.setItem(CHOSEN_STUDENT_KEY, String(studentId));
    } catch {
      // Storage refused: the choice holds for this visit.
    }
  }, []);
  return [chosen, choose];
}
