"use client";

import { useSearchParams, type ReadonlyURLSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import type { Feature } from "@/lib/contracts/permissions";

// The console's address (issue 25, decision 0050): `/?section=<feature key>` and the shown table's
// filters and page (`&status=cancelled&page=2`). Written with the browser's own history API, which
// Next's router follows (useSearchParams sees the change, Back and Forward restore it) without a
// request to the server: choosing a section adds a history entry, a filter or a page replaces the
// current one, so Back goes to the previous section, not through every keystroke. The server's
// render reads the query through useSearchParams (no flash of another section on reload); the
// browser's address is then the one truth, read again on every change and on Back and Forward.

export const SECTION_PARAM = "section";
const ADDRESS_CHANGED = "console-address-changed";

function subscribe(onChange: () => void) {
  window.addEventListener("popstate", onChange);
  window.addEventListener(ADDRESS_CHANGED, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(ADDRESS_CHANGED, onChange);
  };
}

/** The address's query, on the server as Next received it, in the browser as it is now. */
function useQueryParams(): URLSearchParams {
  // Null outside Next's router (a component rendered on its own).
  const serverParams = useSearchParams() as ReadonlyURLSearchParams | null;
  const serverQuery = serverParams?.toString() ?? "";
  const query = useSyncExternalStore(
    subscribe,
    () => window.location.search.replace(/^\?/, ""),
    () => serverQuery,
  );
  return useMemo(() => new URLSearchParams(query), [query]);
}

function writeAddress(how: "push" | "replace", query: string) {
  const url = `${window.location.pathname}?${query}`;
  if (how === "push") window.history.pushState(null, "", url);
  else window.history.replaceState(null, "", url);
  window.dispatchEvent(new Event(ADDRESS_CHANGED));
}

/** The shown section: the address's when this admin may use it, else the first they may. */
export function useConsoleSection(sections: readonly Feature[]) {
  const params = useQueryParams();
  const asked = params.get(SECTION_PARAM);
  const section = sections.find((key) => key === asked) ?? sections[0];

  // An unknown or forbidden key (or none) is corrected in place, so the address names what is shown.
  useEffect(() => {
    if (section && asked !== section) {
      const query = new URLSearchParams(window.location.search);
      query.set(SECTION_PARAM, section);
      writeAddress("replace", query.toString());
    }
  }, [asked, section]);

  const choose = useCallback(
    (next: Feature) => {
      if (next === section) return;
      writeAddress("push", `${SECTION_PARAM}=${next}`);
    },
    [section],
  );

  return { section, choose };
}

/** A table's state in the address: read a parameter, or change several (replacing the entry). */
export function useAddressParams() {
  const params = useQueryParams();
  const get = useCallback((key: string) => params.get(key), [params]);
  const set = useCallback((changes: Record<string, string | number | null | undefined>) => {
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === undefined || value === "") next.delete(key);
      else next.set(key, String(value));
    }
    writeAddress("replace", next.toString());
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

/**
 * One filter's value in the address (`&status=Failed`), `fallback` when absent (and then left out
 * of the address); changing it goes back to the first page.
 */
export function useAddressValue(key: string, fallback: string): [string, (value: string) => void] {
  const address = useAddressParams();
  const value = address.get(key) ?? fallback;
  const { set } = address;
  const change = useCallback(
    (next: string) => set({ [key]: next === fallback ? null : next, page: null }),
    [set, key, fallback],
  );
  return [value, change];
}
