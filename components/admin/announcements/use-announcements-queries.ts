"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import { plural } from "@/lib/client/format";
import { queryKeys } from "@/lib/client/query-keys";
import type { AnnouncementFormValues } from "@/lib/validations/announcements";

// The office's announcements (issue 48): the list, one announcement's failures, whom an audience
// reaches (GET /api/announcements/preview) and the sending (POST /api/announcements).

export function useAnnouncements(page: number) {
  const query = useQuery({
    queryKey: queryKeys.announcements(page),
    queryFn: () => api(`/api/announcements?page=${page}`),
    placeholderData: keepPreviousData,
  });
  useErrorToast(query.error, "Failed to fetch announcements");
  return query;
}

export function useAnnouncement(id: number | null, page: number) {
  const query = useQuery({
    queryKey: queryKeys.announcement(id ?? 0, page),
    queryFn: () => api(`/api/announcements/${id ?? 0}?page=${page}`),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
  useErrorToast(query.error, "Failed to fetch the announcement");
  return query;
}

/** The preview's query for the audience the form holds, or null while it is incomplete. */
export function previewQuery(audience: AnnouncementFormValues["audience"] | undefined) {
  if (!audience) return null;
  if (audience.kind === "everyone") return "audience=everyone";
  if (audience.kind === "grade") {
    return audience.grade ? `audience=grade&grade=${encodeURIComponent(audience.grade)}` : null;
  }
  if (audience.kind === "orderedOn") {
    const date = audience.date ?? "";
    return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `audience=orderedOn&date=${date}` : null;
  }
  return null;
}

export function useAnnouncementPreview(query: string | null) {
  const answer = useQuery({
    queryKey: queryKeys.announcementPreview(query ?? ""),
    queryFn: () => api(`/api/announcements/preview?${query ?? ""}`),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  useErrorToast(answer.error, "Failed to count the audience");
  return answer;
}

export function useSendAnnouncement(onSent: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementFormValues) =>
      api("/api/announcements", { method: "POST", body }),
    onSuccess: (answer) => {
      toastSuccess(
        "Announcement sent",
        `${plural(answer.recipients - answer.unreached, "family", "families")} will receive it.`,
      );
      onSent();
    },
    onError: (error) => toastError(error, "The announcement could not be sent"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.announcementsAll }),
  });
}
