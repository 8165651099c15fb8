"use client";
// One hook per segment mutation: optimistic change to the cached list pages, rollback on error, refetch (with the
// live counts) when settled.
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { CreateSegment, Segment, UpdateSegment } from "@/lib/schemas/segments";
import { queryKeys } from "@/lib/query-keys";
import { unwrapWithPointers } from "../../contacts/_lib/pointer-errors";
import { createSegmentAction, deleteSegmentAction, updateSegmentAction } from "../actions";

export type SegmentPage = { data: Segment[]; total: number; page: number; limit: number; totalPages: number };
type Snapshot = { snapshot: [QueryKey, SegmentPage | undefined][] };

function useBase(workspaceId: string) {
  const qc = useQueryClient();
  const lists = { queryKey: queryKeys.segments.lists(workspaceId) };
  return {
    qc,
    patch: async (change: (page: SegmentPage) => SegmentPage): Promise<Snapshot> => {
      await qc.cancelQueries(lists);
      const snapshot = qc.getQueriesData<SegmentPage>(lists);
      for (const [key, page] of snapshot) if (page) qc.setQueryData(key, change(page));
      return { snapshot };
    },
    onError: (_e: unknown, _i: unknown, context: Snapshot | undefined) =>
      context?.snapshot.forEach(([key, page]) => qc.setQueryData(key, page)),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.segments.all(workspaceId) }),
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
          ? {
              ...page,
              total: page.total - 1,
              totalPages: Math.ceil((page.total - 1) / page.limit),
              data: page.data.filter((s) => s.id !== id),
            }
          : page,
      ),
    onError,
    onSettled,
  });
}
