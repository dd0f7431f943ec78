"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import type { Feature } from "@/lib/contracts/permissions";
import { api } from "@/lib/client/api";
import type { AdminUserDto } from "@/lib/contracts/people";
import type { AdminUserValues } from "@/lib/validations/people";

// The Admin Users calls (spec 001 §7) with their toasts (§8). A feature toggle is applied to the
// cached list at once and restored when the server refuses it (§4).

export const ADMIN_USERS_KEY = ["/api/admin-users"] as const;
export const CURRENT_USER_KEY = ["/api/user"] as const;

/** The signed-in admin (the console's sections receive no props). */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: () => api("/api/user"),
    staleTime: 60_000,
  });
}

export function useAdminUsers() {
  const query = useQuery({
    queryKey: ADMIN_USERS_KEY,
    queryFn: () => api("/api/admin-users"),
  });
  useErrorToast(query.error, "Failed to fetch admin users");
  return query;
}

export function useCreateAdmin(onCreated: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: AdminUserValues) =>
      api("/api/admin-users", { method: "POST", body: values }),
    onSuccess: () => {
      toastSuccess("Admin user created successfully");
      onCreated();
    },
    onError: (error) => toastError(error, "Failed to create admin user"),
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}

const TOGGLE_KEY = ["admin-users", "toggle"] as const;

type Toggle = { id: number; features: Feature[] };

/** Replaces an admin's feature list, optimistically; a refusal restores the previous list. */
export function useTogglePermission() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: TOGGLE_KEY,
    mutationFn: ({ id, features }: Toggle) =>
      api(`/api/admin-users/${id}/permissions`, {
        method: "PUT",
        body: { features },
      }),
    onMutate: async ({ id, features }: Toggle) => {
      await client.cancelQueries({ queryKey: ADMIN_USERS_KEY });
      const previous = client.getQueryData<AdminUserDto[]>(ADMIN_USERS_KEY);
      client.setQueryData<AdminUserDto[]>(ADMIN_USERS_KEY, (list) =>
        list?.map((admin) => (admin.id === id ? { ...admin, allowedFeatures: features } : admin)),
      );
      return { previous };
    },
    onError: (error, _toggle, context) => {
      if (context?.previous) client.setQueryData(ADMIN_USERS_KEY, context.previous);
      toastError(error, "Failed to update permissions");
    },
    // The list is refetched once the last of several quick toggles has settled, so an early
    // answer never overwrites a later toggle's optimistic state.
    onSettled: () => {
      if (client.isMutating({ mutationKey: TOGGLE_KEY }) <= 1) {
        return client.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
      }
    },
  });
}

export function useChangePassword(onChanged: () => void) {
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      api(`/api/users/${id}/password`, { method: "PUT", body: { password } }),
    onSuccess: () => {
      toastSuccess("Password updated successfully");
      onChanged();
    },
    onError: (error) => toastError(error, "Failed to update password"),
  });
}
