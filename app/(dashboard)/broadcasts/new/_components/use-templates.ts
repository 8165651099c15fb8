"use client";
// The start page's data: the workspace's saved templates (seeded by the server render), renamed and deleted
// optimistically with rollback, and "Use this template", which creates the draft.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { TemplateSummary, TemplateSource } from "@/lib/schemas/templates";
import { unwrap } from "@/lib/action-result";
import { useOptimisticCache } from "@/lib/optimistic-cache";
import { queryKeys } from "@/lib/query-keys";
import {
  createBroadcastFromTemplateAction,
  deleteTemplateAction,
  listTemplatesAction,
  renameTemplateAction,
} from "@/features/composer/actions/template-actions";

export function useSavedTemplates(workspaceId: string, initialData: TemplateSummary[]) {
  return useQuery({
    queryKey: queryKeys.broadcastTemplates.all(workspaceId),
    queryFn: async () => unwrap(await listTemplatesAction({})),
    initialData,
    // The server just rendered them; a refetch on mount would only repeat that.
    staleTime: 30_000,
  });
}

export function useRenameTemplate(workspaceId: string) {
  const key = queryKeys.broadcastTemplates.all(workspaceId);
  const { patch, rollback, refresh } = useOptimisticCache([key]);
  return useMutation({
    mutationFn: async (input: { id: string; name: string }) => unwrap(await renameTemplateAction(input)),
    onMutate: ({ id, name }) =>
      patch<TemplateSummary[]>([key], (list) => list.map((t) => (t.id === id ? { ...t, name: name.trim() } : t))),
    onError: rollback,
    onSettled: refresh,
  });
}

export function useDeleteTemplate(workspaceId: string) {
  const key = queryKeys.broadcastTemplates.all(workspaceId);
  const { patch, rollback, refresh } = useOptimisticCache([key]);
  return useMutation({
    mutationFn: async (id: string) => unwrap(await deleteTemplateAction({ id })),
    onMutate: (id) => patch<TemplateSummary[]>([key], (list) => list.filter((t) => t.id !== id)),
    onError: rollback,
    onSettled: refresh,
  });
}

export function useCreateFromTemplate(workspaceId: string) {
  const { refresh } = useOptimisticCache([queryKeys.broadcasts.all(workspaceId)]);
  return useMutation({
    mutationFn: async (source: TemplateSource) => unwrap(await createBroadcastFromTemplateAction({ source })),
    onSettled: refresh,
  });
}
