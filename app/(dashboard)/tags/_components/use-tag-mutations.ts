"use client";
// One hook per tag mutation: optimistic change to every cached list page, rollback on error, refetch when settled.
import { useMutation } from "@tanstack/react-query";
import type { Tag, UpdateTag } from "@/lib/schemas/tags";
import { unwrap } from "@/lib/action-result";
import { useOptimisticCache } from "@/lib/optimistic-cache";
import { withTotal, type OffsetPage } from "@/lib/pages";
import { queryKeys, type TagListParams } from "@/lib/query-keys";
import { createTagAction, deleteTagAction, updateTagAction } from "../actions";

export type TagPage = OffsetPage<Tag>;

function useTagCache(workspaceId: string) {
  const { patch, rollback, refresh } = useOptimisticCache([queryKeys.tags.all(workspaceId)]);
  return {
    patchLists: (change: (page: TagPage, params: TagListParams) => TagPage) =>
      patch<TagPage>([queryKeys.tags.lists(workspaceId)], (page, key) =>
        change(page, key[key.length - 1] as TagListParams),
      ),
    onError: rollback,
    onSettled: refresh,
  };
}

const matches = (name: string, search: string) => name.toLowerCase().includes(search.trim().toLowerCase());

export function useCreateTag(workspaceId: string) {
  const { patchLists, onError, onSettled } = useTagCache(workspaceId);
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
      return patchLists((page, params) =>
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
  const { patchLists, onError, onSettled } = useTagCache(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; changes: UpdateTag }) => unwrap(await updateTagAction(input)),
    onMutate: ({ id, changes }) =>
      patchLists((page) => ({
        ...page,
        data: page.data.map((t) => (t.id === id ? { ...t, ...changes, name: changes.name?.trim() ?? t.name } : t)),
      })),
    onError,
    onSettled,
  });
}

export function useDeleteTag(workspaceId: string) {
  const { patchLists, onError, onSettled } = useTagCache(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string }) => unwrap(await deleteTagAction(input)),
    onMutate: ({ id }) =>
      patchLists((page) =>
        page.data.some((t) => t.id === id)
          ? { ...withTotal(page, page.total - 1), data: page.data.filter((t) => t.id !== id) }
          : page,
      ),
    onError,
    onSettled,
  });
}
