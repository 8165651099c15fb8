"use client";
// One hook per custom-field mutation: optimistic change to the cached list, rollback on error, refetch when settled.
import { useMutation } from "@tanstack/react-query";
import type { CreateCustomField, CustomField, UpdateCustomField } from "@/lib/schemas/custom-fields";
import { unwrap } from "@/lib/action-result";
import { useOptimisticCache } from "@/lib/optimistic-cache";
import { queryKeys } from "@/lib/query-keys";
import { createCustomFieldAction, deleteCustomFieldAction, updateCustomFieldAction } from "../actions";

function useBase(workspaceId: string) {
  const key = queryKeys.customFields.all(workspaceId);
  // Contacts show field values and segments count by them; a deleted field changes both.
  const { patch, rollback, refresh } = useOptimisticCache([
    key,
    queryKeys.contacts.all(workspaceId),
    queryKeys.segments.all(workspaceId),
  ]);
  return {
    patch: (change: (fields: CustomField[]) => CustomField[]) => patch<CustomField[]>([key], change),
    onError: rollback,
    onSettled: refresh,
  };
}

export function useCreateCustomField(workspaceId: string) {
  const { patch, onError, onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: CreateCustomField) => unwrap(await createCustomFieldAction(input)),
    onMutate: (input) => {
      const now = new Date().toISOString();
      const field: CustomField = {
        id: `optimistic-${now}`,
        workspaceId,
        key: input.key,
        label: input.label.trim(),
        type: input.type,
        options: input.options ?? [],
        createdAt: now,
        updatedAt: now,
      };
      // Oldest first: a new field goes at the end.
      return patch((fields) => [...fields, field]);
    },
    onError,
    onSettled,
  });
}

export function useUpdateCustomField(workspaceId: string) {
  const { patch, onError, onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; changes: UpdateCustomField }) =>
      unwrap(await updateCustomFieldAction(input)),
    onMutate: ({ id, changes }) =>
      patch((fields) =>
        fields.map((f) =>
          f.id === id ? { ...f, label: changes.label?.trim() ?? f.label, options: changes.options ?? f.options } : f,
        ),
      ),
    onError,
    onSettled,
  });
}

export function useDeleteCustomField(workspaceId: string) {
  const { patch, onError, onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string }) => unwrap(await deleteCustomFieldAction(input)),
    onMutate: ({ id }) => patch((fields) => fields.filter((f) => f.id !== id)),
    onError,
    onSettled,
  });
}
