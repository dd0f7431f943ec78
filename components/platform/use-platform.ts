"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { ApiRequestError } from "@/lib/client/api";
import type { PlatformSchoolDto } from "@/lib/contracts/platform";
import { platformApi, type NewSchool, type SchoolChanges } from "./platform-api";

// The operators' calls with TanStack Query: who is signed in, the schools, and what changes them.

export const OPERATOR_KEY = ["/api/platform/me"] as const;
export const SCHOOLS_KEY = ["/api/platform/schools"] as const;

/** The signed-in operator; null when signed out (a 401 is an answer here, not a failure). */
export function useOperator() {
  return useQuery({
    queryKey: OPERATOR_KEY,
    queryFn: async () => {
      try {
        return await platformApi("/api/platform/me");
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) return null;
        throw error;
      }
    },
  });
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: { username: string; password: string }) =>
      platformApi("/api/platform/login", { method: "POST", body: values }),
    onSuccess: (operator) => client.setQueryData(OPERATOR_KEY, operator),
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => platformApi("/api/platform/logout", { method: "POST" }),
    onSuccess: () => {
      client.removeQueries({ queryKey: SCHOOLS_KEY });
      client.setQueryData(OPERATOR_KEY, null);
    },
    onError: (error) => toastError(error, "Failed to log out"),
  });
}

export function useSchools() {
  const query = useQuery({
    queryKey: SCHOOLS_KEY,
    queryFn: () => platformApi("/api/platform/schools"),
  });
  useErrorToast(query.error, "Failed to fetch schools");
  return query;
}

/** Creates a school; the dialog shows the refusals (409, 422) itself. */
export function useCreateSchool(onCreated: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (school: NewSchool) =>
      platformApi("/api/platform/schools", { method: "POST", body: school }),
    onSuccess: ({ school, admin }, sent) => {
      toastSuccess(
        `${school.name} created`,
        sent.adminPassword
          ? `Its admin signs in as "${admin.username}" with the password you chose.`
          : `Its admin, "${admin.username}", was mailed a temporary password (24 hours).`,
      );
      onCreated();
    },
    onSettled: () => client.invalidateQueries({ queryKey: SCHOOLS_KEY }),
  });
}

/** Changes a school; the answer replaces its row in the list at once. */
export function useUpdateSchool(onUpdated?: (school: PlatformSchoolDto) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: SchoolChanges }) =>
      platformApi(`/api/platform/schools/${id}`, { method: "PATCH", body: changes }),
    onSuccess: (school) => {
      client.setQueryData<PlatformSchoolDto[]>(SCHOOLS_KEY, (list) =>
        list?.map((row) => (row.id === school.id ? school : row)),
      );
      onUpdated?.(school);
    },
    onSettled: () => client.invalidateQueries({ queryKey: SCHOOLS_KEY }),
  });
}
