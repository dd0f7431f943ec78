"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";

// The Messages section's calls: the inbox (issue 19: GET /api/contact/messages, PUT
// /api/contact/messages/{id}) and the messages sent (issue 48: GET /api/outbox).

/** How often the navigation's unread count is read again while the console is open. */
const UNREAD_REFRESH_MS = 60_000;

export function useContactMessages(page: number) {
  const query = useQuery({
    queryKey: queryKeys.contactMessages(page),
    queryFn: () => api(`/api/contact/messages?page=${page}`),
    placeholderData: keepPreviousData,
  });
  useErrorToast(query.error, "Failed to fetch messages");
  return query;
}

/** The unhandled messages' count for the console's navigation; only asked when allowed. */
export function useUnreadMessages(enabled: boolean): number | undefined {
  const query = useQuery({
    queryKey: queryKeys.contactMessages(1),
    queryFn: () => api("/api/contact/messages?page=1"),
    enabled,
    refetchInterval: UNREAD_REFRESH_MS,
  });
  return enabled ? query.data?.unread : undefined;
}

export function useMarkMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      api(`/api/contact/messages/${id}`, { method: "PUT", body: { handled } }),
    onSuccess: (message) => {
      toastSuccess(message.handledAt ? "Marked as handled" : "Marked as unread");
    },
    onError: (error) => toastError(error, "Failed to update the message"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.contactMessagesAll }),
  });
}

/** Issue 48: one page of the messages the portal sent, by channel and state ("all": every one). */
export function useSentMessages(channel: string, state: string, page: number) {
  const query = useQuery({
    queryKey: queryKeys.sentMessages(channel, state, page),
    queryFn: () =>
      api(
        `/api/outbox?channel=${encodeURIComponent(channel)}&state=${encodeURIComponent(state)}&page=${page}`,
      ),
    placeholderData: keepPreviousData,
  });
  useErrorToast(query.error, "Failed to fetch sent messages");
  return query;
}
