"use client";
// Broadcast mutations of the list and the broadcast page: optimistic where the outcome is certain (archiving takes
// a row out of the list it is in), rollback on error, and a refetch of everything broadcast-shaped once settled.
import { useMutation } from "@tanstack/react-query";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { unwrap } from "@/lib/action-result";
import { useOptimisticCache } from "@/lib/optimistic-cache";
import { withTotal, type OffsetPage } from "@/lib/pages";
import { queryKeys } from "@/lib/query-keys";
import { createBroadcastAction, setBroadcastArchivedAction } from "../actions";

export type BroadcastPage = OffsetPage<Broadcast> & { nextCursor: string | null };
/** What the list caches: a page and the rates of its broadcasts (by id). */
export type BroadcastListData = { page: BroadcastPage; rates: Record<string, unknown> };

export function useSetBroadcastArchived(workspaceId: string) {
  const { patch, rollback, refresh } = useOptimisticCache([queryKeys.broadcasts.all(workspaceId)]);
  return useMutation({
    mutationFn: async (input: { id: string; archived: boolean }) => unwrap(await setBroadcastArchivedAction(input)),
    // Each list shows either archived or unarchived broadcasts, so the row leaves the list it is in.
    onMutate: ({ id }) =>
      patch<BroadcastListData>([queryKeys.broadcasts.lists(workspaceId)], (list) =>
        list.page.data.some((b) => b.id === id)
          ? {
              ...list,
              page: {
                ...list.page,
                ...withTotal(list.page, list.page.total - 1),
                data: list.page.data.filter((b) => b.id !== id),
              },
            }
          : list,
      ),
    onError: rollback,
    onSettled: refresh,
  });
}

export function useCreateBroadcast(workspaceId: string) {
  const { refresh } = useOptimisticCache([queryKeys.broadcasts.all(workspaceId)]);
  return useMutation({
    mutationFn: async (input: Parameters<typeof createBroadcastAction>[0]) =>
      unwrap(await createBroadcastAction(input)),
    onSettled: refresh,
  });
}
