"use client";
// The builder's form mutations (the new-form page's create is in app/(dashboard)/forms/_components/use-create-form.ts).
// Status moves and saves are not optimistic: the server may refuse them (a 409 naming the status, a 422 pointing at
// an input), so the builder shows what it answered and puts the returned form into the cache; every form-shaped
// query refreshes once settled.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Form } from "@/lib/schemas/forms";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { unwrapWithPointers } from "@/lib/pointer-errors";
import { deleteFormAction, duplicateFormAction, moveFormAction, updateFormAction } from "../actions/builder-actions";

export type FormMove = Parameters<typeof moveFormAction>[0]["move"];

export function useFormCache(workspaceId: string) {
  const qc = useQueryClient();
  return {
    /** The answer is the form as stored: show it at once, before the refetch. */
    store: (form: Form) => qc.setQueryData(queryKeys.forms.detail(workspaceId, form.id), form),
    refresh: () => qc.invalidateQueries({ queryKey: queryKeys.forms.all(workspaceId) }),
  };
}

/** Keeps every pointer of a 422 ("#/fields/2/name"), so the builder can show each at its own input. */
export function useUpdateForm(workspaceId: string) {
  const { store, refresh } = useFormCache(workspaceId);
  return useMutation({
    mutationFn: async (input: Parameters<typeof updateFormAction>[0]) =>
      unwrapWithPointers(await updateFormAction(input)),
    onSuccess: store,
    onSettled: refresh,
  });
}

export function useMoveForm(workspaceId: string) {
  const { store, refresh } = useFormCache(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; move: FormMove }) => unwrap(await moveFormAction(input)),
    onSuccess: store,
    onSettled: refresh,
  });
}

export function useDuplicateForm(workspaceId: string) {
  const { refresh } = useFormCache(workspaceId);
  return useMutation({
    mutationFn: async (id: string) => unwrap(await duplicateFormAction({ id })),
    onSettled: refresh,
  });
}

export function useDeleteForm(workspaceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await deleteFormAction({ id })),
    // The form is gone: drop its cached page so nothing shows it again, then refresh the lists.
    onSuccess: (_void, id) => qc.removeQueries({ queryKey: queryKeys.forms.detail(workspaceId, id) }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.forms.lists(workspaceId) }),
  });
}
