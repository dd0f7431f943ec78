"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { api, ApiRequestError } from "@/lib/client/api";
import type { NewParentValues, ParentChangeValues, ParentsRole } from "@/lib/validations/people";
import type { AdminStudentChange, AdminStudentInput } from "@/lib/validations/students";

// The Parents & Students calls (spec 001 §7) with their toasts (§8). Every change refetches the
// list of parents.

export const PARENTS_KEY = ["/api/parents"] as const;

/** The list's query; `role` is sent only for teachers (parents are the spec's default). */
export function parentsPath(
  page: number,
  search: string,
  role: ParentsRole = "parent",
): `/api/parents?${string}` {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set("search", search);
  if (role !== "parent") params.set("role", role);
  return `/api/parents?${params.toString()}`;
}

export function useParents(page: number, search: string, role: ParentsRole = "parent") {
  const query = useQuery({
    queryKey: [...PARENTS_KEY, page, search, role],
    queryFn: () => api(parentsPath(page, search, role)),
    placeholderData: keepPreviousData,
  });
  useErrorToast(query.error, "Failed to fetch parents");
  return query;
}

function useRefetchParents() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: PARENTS_KEY });
}

export type ParentSave =
  { id: null; values: NewParentValues } | { id: number; values: ParentChangeValues };

export function useSaveParent(onSaved: () => void) {
  const refetch = useRefetchParents();
  return useMutation({
    mutationFn: (save: ParentSave) =>
      save.id === null
        ? api("/api/parents", { method: "POST", body: save.values })
        : api(`/api/parents/${save.id}`, { method: "PUT", body: save.values }),
    onSuccess: (_saved, save) => {
      toastSuccess(
        save.id === null ? "Parent created successfully" : "Parent updated successfully",
      );
      onSaved();
    },
    onError: (error, save) =>
      toastError(error, save.id === null ? "Failed to create parent" : "Failed to update parent"),
    onSettled: refetch,
  });
}

export type StudentSave =
  { id: null; values: AdminStudentInput } | { id: number; values: AdminStudentChange };

/** Add Student (POST /api/students) or Edit Student (PUT /api/parents/students/{id}). */
export function useSaveStudent(onSaved: () => void) {
  const refetch = useRefetchParents();
  return useMutation({
    mutationFn: (save: StudentSave) =>
      save.id === null
        ? api("/api/students", { method: "POST", body: save.values })
        : api(`/api/parents/students/${save.id}`, { method: "PUT", body: save.values }),
    onSuccess: (_saved, save) => {
      toastSuccess(
        save.id === null ? "Student created successfully" : "Student updated successfully",
      );
      onSaved();
    },
    onError: (error, save) =>
      toastError(error, save.id === null ? "Failed to create student" : "Failed to update student"),
    onSettled: refetch,
  });
}

export type DeleteTarget = { kind: "parent" | "student"; id: number; label: string };
export type ForcePrompt = DeleteTarget & { orderCount: number };

const deletePath = (
  target: DeleteTarget,
  force: boolean,
): `${"/api/parents" | "/api/parents/students"}/${number}${"" | "?force=true"}` =>
  `${target.kind === "parent" ? "/api/parents" : "/api/parents/students"}/${target.id}${force ? "?force=true" : ""}`;

/** The force-delete offer in a 409 answer (spec 001 §4), or null. */
export function forceOffer(error: unknown): number | null {
  if (!(error instanceof ApiRequestError) || error.body?.canForce !== true) return null;
  const count = error.body.orderCount;
  return typeof count === "number" ? count : 0;
}

/**
 * Deletes a parent or a student. A normal delete that the server answers with canForce calls
 * `onForceOffered` with the order count instead of showing an error.
 */
export function useDelete(onForceOffered: (prompt: ForcePrompt) => void) {
  const refetch = useRefetchParents();
  return useMutation({
    mutationFn: ({ target, force }: { target: DeleteTarget; force: boolean }) =>
      api(deletePath(target, force), { method: "DELETE" }),
    onSuccess: (_answer, { target, force }) =>
      toastSuccess(
        target.kind === "parent"
          ? force
            ? "Parent, students, orders, and all associated data deleted successfully"
            : "Parent deleted successfully"
          : force
            ? "Student and all associated orders deleted successfully"
            : "Student deleted successfully",
      ),
    onError: (error, { target, force }) => {
      const orderCount = force ? null : forceOffer(error);
      if (orderCount !== null) onForceOffered({ ...target, orderCount });
      else toastError(error, force ? "Force deletion failed" : "Deletion failed");
    },
    onSettled: refetch,
  });
}
