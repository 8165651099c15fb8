"use client";
// One hook per tag mutation: optimistic change to every cached list page, rollback on error, refetch when settled.
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { Tag, UpdateTag } from "@/lib/schemas/tags";
import { unwrap } from "@/lib/action-result";
import { queryKeys, type TagListParams } from "@/lib/query-keys";
import { createTagAction, deleteTagAction, updateTagAction } from "../actions";

export type TagPage = { data: Tag[]; total: number; page: number; limit: number; totalPages: number };
type Snapshot = [QueryKey, TagPage | undefined][];

async function patchLists(
  qc: QueryClient,
  workspaceId: string,
  patch: (page: TagPage, params: TagListParams) => TagPage,
): Promise<{ snapshot: Snapshot }> {
  const filter = { queryKey: queryKeys.tags.lists(workspaceId) };
  await qc.cancelQueries(filter);
  const snapshot = qc.getQueriesData<TagPage>(filter);
  for (const [key, page] of snapshot) {
    const params = key[key.length - 1] as TagListParams;
    if (page) qc.setQueryData<TagPage>(key, patch(page, params));
  }
  return { snapshot };
}

function useTagMutationBase(workspaceId: string) {
  const qc = useQueryClient();
  return {
    qc,
    onError: (_error: unknown, _input: unknown, context: { snapshot: Snapshot } | undefined) =>
      context?.snapshot.forEach(([key, page]) => qc.setQueryData(key, page)),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.tags.all(workspaceId) }),
  };
}

const withTotal = (page: TagPage, total: number): TagPage => ({
  ...page,
  total,
  totalPages: Math.ceil(total / page.limit),
});
const matches = (name: string, search: string) => name.toLowerCase().includes(search.trim().toLowerCase());

export function useCreateTag(workspaceId: string) {
  const { qc, onError, onSettled } = useTagMutationBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { name: string; color: string }) => unwrap(await createTagAction(input)),
    onMutate: (input) => {
      const now = new Date().toISOString();
      const tag: Tag = {
        id: `optimistic-${now}`,
        workspaceId,
        name: input.name.trim(),
        color: input.color,
        count: 0,
        createdAt: now,
        updatedAt: now,
      };
      // Newest first: a new tag can only appear on the first page of a list whose search it matches.
      return patchLists(qc, workspaceId, (page, params) =>
        page.page === 1 && matches(tag.name, params.search)
          ? { ...withTotal(page, page.total + 1), data: [tag, ...page.data].slice(0, page.limit) }
          : page,
      );
    },
    onError,
    onSettled,
  });
}

export function useUpdateTag(workspaceId: string) {
  const { qc, onError, onSettled } = useTagMutationBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; changes: UpdateTag }) => unwrap(await updateTagAction(input)),
    onMutate: ({ id, changes }) =>
      patchLists(qc, workspaceId, (page) => ({
        ...page,
        data: page.data.map((t) => (t.id === id ? { ...t, ...changes, name: changes.name?.trim() ?? t.name } : t)),
      })),
    onError,
    onSettled,
  });
}

export function useDeleteTag(workspaceId: string) {
  const { qc, onError, onSettled } = useTagMutationBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string }) => unwrap(await deleteTagAction(input)),
    onMutate: ({ id }) =>
      patchLists(qc, workspaceId, (page) =>
        page.data.some((t) => t.id === id)
          ? { ...withTotal(page, page.total - 1), data: page.data.filter((t) => t.id !== id) }
          : page,
      ),
    onError,
    onSettled,
  });
}
