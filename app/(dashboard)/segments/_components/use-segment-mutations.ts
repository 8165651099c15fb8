"use client";
// One hook per segment mutation: optimistic change to the cached list pages, rollback on error, refetch (with the
// live counts) when settled.
import { useMutation } from "@tanstack/react-query";
import type { CreateSegment, Segment, UpdateSegment } from "@/lib/schemas/segments";
import { useOptimisticCache } from "@/lib/optimistic-cache";
import { withTotal, type OffsetPage } from "@/lib/pages";
import { queryKeys } from "@/lib/query-keys";
import { unwrapWithPointers } from "@/lib/pointer-errors";
import { createSegmentAction, deleteSegmentAction, updateSegmentAction } from "../actions";

export type SegmentPage = OffsetPage<Segment>;

function useBase(workspaceId: string) {
  const { qc, patch, rollback, refresh } = useOptimisticCache([queryKeys.segments.all(workspaceId)]);
  return {
    qc,
    patch: (change: (page: SegmentPage) => SegmentPage) =>
      patch<SegmentPage>([queryKeys.segments.lists(workspaceId)], change),
    onError: rollback,
    onSettled: refresh,
  };
}

/** A new segment's count is only known once the server has counted it, so it appears when the list refetches. */
export function useCreateSegment(workspaceId: string) {
  const { onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: CreateSegment) => unwrapWithPointers(await createSegmentAction(input)),
    onSettled,
  });
}

export function useUpdateSegment(workspaceId: string) {
  const { qc, patch, onError, onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; changes: UpdateSegment }) =>
      unwrapWithPointers(await updateSegmentAction(input)),
    onMutate: ({ id, changes }) =>
      patch((page) => ({
        ...page,
        data: page.data.map((s) =>
          s.id === id
            ? { ...s, name: changes.name?.trim() ?? s.name, description: changes.description ?? s.description }
            : s,
        ),
      })),
    onSuccess: (segment) => qc.setQueryData(queryKeys.segments.detail(workspaceId, segment.id), segment),
    onError,
    onSettled,
  });
}

export function useDeleteSegment(workspaceId: string) {
  const { patch, onError, onSettled } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string }) => unwrapWithPointers(await deleteSegmentAction(input)),
    onMutate: ({ id }) =>
      patch((page) =>
        page.data.some((s) => s.id === id)
          ? { ...withTotal(page, page.total - 1), data: page.data.filter((s) => s.id !== id) }
          : page,
      ),
    onError,
    onSettled,
  });
}
