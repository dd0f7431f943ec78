"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect } from "react";
import type { Feature } from "@/lib/contracts/permissions";

// The console's address (issue 25, decision 0050): `/?section=<feature key>` and the shown table's
// filters and page (`&status=cancelled&page=2`). Written with the browser's own history API, which
// Next's router follows (useSearchParams sees the change, Back and Forward restore it) without a
// request to the server: choosing a section adds a history entry, a filter or a page replaces the
// current one, so Back goes to the previous section, not through every keystroke.

export const SECTION_PARAM = "section";

/** The shown section: the address's when this admin may use it, else the first they may. */
export function useConsoleSection(sections: readonly Feature[]) {
  const params = useSearchParams();
  const asked = params.get(SECTION_PARAM);
  const section = sections.find((key) => key === asked) ?? sections[0];

  // An unknown or forbidden key (or none) is corrected in place, so the address names what is shown.
  useEffect(() => {
    if (section && asked !== section) {
      window.history.replaceState(null, "", `/?${SECTION_PARAM}=${section}`);
    }
  }, [asked, section]);

  const choose = useCallback(
    (next: Feature) => {
      if (next === section) return;
      window.history.pushState(null, "", `/?${SECTION_PARAM}=${next}`);
    },
    [section],
  );

  return { section, choose };
}

/** A table's state in the address: read a parameter, or change several (replacing the entry). */
export function useAddressParams() {
  const params = useSearchParams();
  const get = useCallback((key: string) => params.get(key), [params]);
  const set = useCallback((changes: Record<string, string | number | null | undefined>) => {
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === undefined || value === "") next.delete(key);
      else next.set(key, String(value));
    }
    window.history.replaceState(null, "", `/?${next.toString()}`);
  }, []);
  return { get, set };
}

/** A page number from the address: a positive whole number, else 1. */
export function pageParam(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** A list's page in the address (`&page=2`, none for the first): a drop-in for useState(1). */
export function useAddressPage(key = "page"): [number, (page: number) => void] {
  const address = useAddressParams();
  const page = pageParam(address.get(key));
  const { set } = address;
  const setPage = useCallback((next: number) => set({ [key]: next > 1 ? next : null }), [set, key]);
  return [page, setPage];
}
