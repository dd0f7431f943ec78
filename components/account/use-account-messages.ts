"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { NotificationsDto } from "@/lib/contracts/notifications";
import type { NotificationsValues } from "@/lib/validations/phone";

// Profile Settings' phone and message choices (issue 48): one read of GET
// /api/account/notifications shared by both cards, and the calls that change it. A change also
// refreshes the session's user (its phone and order reminders show in the profile form above) and
// the wallet's counter e-mail switch.

/** `enabled`: false for an account without the portal's messages (an admin). */
export function useAccountMessages(enabled = true) {
  return useQuery({
    queryKey: queryKeys.notifications,
    queryFn: () => api("/api/account/notifications"),
    enabled,
  });
}

/** After a call that answered the account's choices: keep them, refresh what shows them too. */
function useChoicesChanged() {
  const client = useQueryClient();
  const router = useRouter();
  return (answer: NotificationsDto) => {
    client.setQueryData(queryKeys.notifications, answer);
    void client.invalidateQueries({ queryKey: queryKeys.wallet });
    router.refresh();
  };
}

export function useSendPhoneCode() {
  return useMutation({
    mutationFn: (phone: string) =>
      api("/api/account/phone/verify", { method: "POST", body: { phone } }),
  });
}

export function useConfirmPhoneCode() {
  const changed = useChoicesChanged();
  return useMutation({
    mutationFn: (code: string) =>
      api("/api/account/phone/confirm", { method: "POST", body: { code } }),
    onSuccess: changed,
  });
}

export function useSaveMessageChoices() {
  const changed = useChoicesChanged();
  return useMutation({
    mutationFn: (values: NotificationsValues) =>
      api("/api/account/notifications", { method: "PUT", body: values }),
    onSuccess: changed,
  });
}
