"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { isCardCode, normalizeCardCode } from "@/lib/contracts/cards";
import { useErrorToast } from "@/components/notifications/toast";
import { api, ApiRequestError, NetworkError } from "@/lib/client/api";

// The counter's calls (issue 47). A sale carries an idempotency key made once per sale and kept
// until the server has answered it: a sale sent again after a dropped connection is answered as
// the first and charged once.

const COUNTER_KEY = ["counter"] as const;

/**
 * Children found by part of a name, or by a card's code typed (case, spaces and dashes do not
 * matter). A word that could be a code but finds no card is looked up as a name too.
 */
export function useCounterStudents(term: string) {
  const search = term.trim();
  const code = normalizeCardCode(search);
  const query = useQuery({
    queryKey: [...COUNTER_KEY, "students", search],
    queryFn: async () => {
      if (isCardCode(code)) {
        const byCard = await findByCard(code);
        if (byCard.length > 0) return byCard;
      }
      return api(`/api/counter/students?q=${encodeURIComponent(search)}`);
    },
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  useErrorToast(query.error, "Could not search the children");
  return query;
}

/** The child whose card has this code (none when the card was reissued since). */
export const findByCard = (code: string) =>
  api(`/api/counter/students?code=${encodeURIComponent(code)}`);

/** The counter's items with what is left of each today. */
export function useCounterItems() {
  const query = useQuery({
    queryKey: [...COUNTER_KEY, "items"],
    queryFn: () => api("/api/counter/items"),
    refetchInterval: 60_000,
  });
  useErrorToast(query.error, "Could not load the counter's items");
  return query;
}

/** A random key for one sale; crypto.randomUUID is missing on plain http (a school's LAN). */
function newSaleKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether the sale may have reached the server: no answer, or the server failed mid-way. */
export const mayHaveBeenCharged = (error: unknown) =>
  error instanceof NetworkError || (error instanceof ApiRequestError && error.status >= 500);

export type SaleBody = {
  studentId: number;
  items: { menuItemId: number; quantity: number }[];
  allergyAcknowledged?: boolean;
};

export function useSell() {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  // A sale whose answer never came: the basket stays as sent until it is answered.
  const [unanswered, setUnanswered] = useState(false);
  const mutation = useMutation({
    mutationFn: (body: SaleBody) => {
      key.current ??= newSaleKey();
      return api("/api/counter/sales", {
        method: "POST",
        body: { ...body, idempotencyKey: key.current },
      });
    },
    retry: (count, error) => mayHaveBeenCharged(error) && count < 2,
    retryDelay: (attempt) => 800 * 2 ** attempt,
    onSuccess: () => {
      key.current = null;
      setUnanswered(false);
    },
    onError: (error) => {
      if (mayHaveBeenCharged(error)) setUnanswered(true);
      else {
        // Refused: nothing was charged, the next try is a new sale.
        key.current = null;
        setUnanswered(false);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: COUNTER_KEY }),
  });
  /** Forget an unanswered sale (the cashier checked it did not go through). */
  const abandon = useCallback(() => {
    key.current = null;
    setUnanswered(false);
    mutation.reset();
  }, [mutation]);
  return { ...mutation, unanswered, abandon };
}

export function useCollect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) =>
      api("/api/counter/collect", { method: "POST", body: { orderId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: COUNTER_KEY }),
  });
}

/** POST /api/counter/sales/{id}/void: the same school day, the money back to the wallet. */
export function useVoidSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (saleId: number) => api(`/api/counter/sales/${saleId}/void`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: COUNTER_KEY }),
  });
}
