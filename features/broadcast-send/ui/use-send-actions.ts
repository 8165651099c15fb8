"use client";
// The send panel's server calls. None is optimistic: each is a state move or a check the server may refuse (a 422
// listing what is missing, a 409 naming the current status), so the panel shows what the server answered and
// refreshes everything broadcast-shaped once a move is done.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Broadcast, ScheduleBroadcast, TestBroadcast } from "@/lib/schemas/broadcasts";
import { unwrap, type ActionResultLike } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { unwrapWithPointers } from "@/lib/pointer-errors";
import {
  cancelScheduleAction,
  checkSendAction,
  scheduleBroadcastAction,
  sendBroadcastAction,
  sendTestAction,
} from "../actions/send-actions";
import type { Readiness } from "../model/checklist";

/** A readiness answer as the checklist reads it: a 422 with pointers is an answer, not a failure. */
export function toReadiness(result: ActionResultLike<{ recipientCount: number }>): Readiness {
  if (result.ok) return { kind: "ready", recipientCount: result.data.recipientCount };
  if (result.fieldErrors?.length) return { kind: "missing", pieces: result.fieldErrors };
  throw new Error(result.error);
}

const readinessKey = (workspaceId: string, b: Pick<Broadcast, "id" | "updatedAt">) =>
  [...queryKeys.broadcasts.detail(workspaceId, b.id), "readiness", b.updatedAt] as const;

/**
 * The server's readiness check of the broadcast as last saved: asked again after every save (the key carries
 * updatedAt) and when the window regains focus (the postal address is set on another page, contacts come and go).
 */
export function useReadiness(workspaceId: string, broadcast: Broadcast) {
  return useQuery({
    queryKey: readinessKey(workspaceId, broadcast),
    queryFn: async () => toReadiness(await checkSendAction({ id: broadcast.id })),
    refetchOnWindowFocus: true,
  });
}

/** Puts a fresh readiness answer (from Send now's own check) where useReadiness reads it. */
export function useStoreReadiness(workspaceId: string) {
  const qc = useQueryClient();
  return (b: Pick<Broadcast, "id" | "updatedAt">, readiness: Readiness) =>
    qc.setQueryData(readinessKey(workspaceId, b), readiness);
}

function useRefresh(workspaceId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.broadcasts.all(workspaceId) });
}

export function useSendTest() {
  return useMutation({
    mutationFn: async (input: { id: string; test: TestBroadcast }) => unwrapWithPointers(await sendTestAction(input)),
  });
}

export function useSchedule(workspaceId: string) {
  const refresh = useRefresh(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; schedule: ScheduleBroadcast }) =>
      unwrapWithPointers(
        await scheduleBroadcastAction({
          id: input.id,
          schedule:
            input.schedule.timezoneMode === "fixed"
              ? { timezoneMode: "fixed", scheduledAt: input.schedule.scheduledAt.toISOString() }
              : input.schedule,
        }),
      ),
    onSettled: refresh,
  });
}

export function useCancelSchedule(workspaceId: string) {
  const refresh = useRefresh(workspaceId);
  return useMutation({
    mutationFn: async (id: string) => unwrap(await cancelScheduleAction({ id })),
    onSettled: refresh,
  });
}

export function useSendNow(workspaceId: string) {
  const refresh = useRefresh(workspaceId);
  return useMutation({
    mutationFn: async (id: string) => unwrapWithPointers(await sendBroadcastAction({ id })),
    onSettled: refresh,
  });
}
