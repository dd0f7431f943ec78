"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { api, ApiRequestError } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { MenuItemDto } from "@/lib/contracts";
import type { CounterSaleAnswer, CounterStudentDto } from "@/lib/contracts/counter";

// The counter's calls (issue 47): the items on sale, the search for a child, and the sale, whose
// till key is kept across retries until the server has answered it for certain.

/** The menu's counter items on sale, by name. */
export function useCounterItems() {
  return useQuery({
    queryKey: queryKeys.menu,
    queryFn: () => api("/api/menu"),
    select: (items: MenuItemDto[]) =>
      items
        .filter((item) => item.type === "counter" && item.isAvailable && !item.isArchived)
        .sort((a, b) => a.name.localeCompare(b.name)),
  });
}

/** A card's code (no spaces, has a digit) or part of a name. */
export function searchQueryOf(term: string): string | null {
  const text = term.trim();
  if (text.length < 2) return null;
  const looksLikeCode = !/\s/.test(text) && /\d/.test(text);
  return `${looksLikeCode ? "code" : "q"}=${encodeURIComponent(text)}`;
}

/** The children matching the submitted search (a card code first, then the name). */
export function useCounterSearch(term: string) {
  const query = searchQueryOf(term);
  return useQuery({
    queryKey: ["/api/counter/students", query],
    enabled: query !== null,
    queryFn: async (): Promise<CounterStudentDto[]> => {
      const found = await api(`/api/counter/students?${query!}`);
      // A code that is no card's may still be part of a name ("Grade5").
      if (found.length === 0 && query!.startsWith("code=")) {
        return api(`/api/counter/students?q=${encodeURIComponent(term.trim())}`);
      }
      return found;
    },
    staleTime: 0,
  });
}

export type SaleRequest = {
  studentId: number;
  items: { menuItemId: number; quantity: number }[];
  allergyAcknowledged: boolean;
};

/** The server's answer may not have reached us: the same key must be sent again. */
export function isUncertain(error: unknown): boolean {
  return !(error instanceof ApiRequestError) || error.status >= 500;
}

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * POST /api/counter/sales. One key per sale being made: kept after a dropped connection or a
 * server error (the sale may have gone through: the retry answers it), dropped once the server
 * answered for certain (sold, or refused with nothing charged) or the basket changed.
 */
export function useSell() {
  const client = useQueryClient();
  const [key, setKey] = useState<string | null>(null);
  const sale = useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: SaleRequest; idempotencyKey: string }) =>
      api("/api/counter/sales", { method: "POST", body: { ...request, idempotencyKey } }),
    onSuccess: () => {
      setKey(null);
      void client.invalidateQueries({ queryKey: ["/api/counter/students"] });
    },
    onError: (error) => {
      if (!isUncertain(error)) setKey(null);
    },
  });
  const { mutate, reset: resetMutation } = sale;
  const sell = useCallback(
    (request: SaleRequest, onDone?: (answer: CounterSaleAnswer) => void) => {
      const idempotencyKey = key ?? newKey();
      setKey(idempotencyKey);
      mutate({ request, idempotencyKey }, { onSuccess: onDone });
    },
    [key, mutate],
  );
  /** A new sale: the basket or the child changed. */
  const reset = useCallback(() => {
    setKey(null);
    resetMutation();
  }, [resetMutation]);
  return { sale, sell, reset, retrying: key !== null && sale.isError };
}

/** POST /api/counter/sales/{id}/void. */
export function useVoidSale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (saleId: number) => api(`/api/counter/sales/${saleId}/void`, { method: "POST" }),
    onSettled: () => client.invalidateQueries({ queryKey: ["/api/counter/students"] }),
  });
}
