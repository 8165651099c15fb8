"use client";
// The broadcast page's moves (send, cancel a schedule, pause, resume). None is optimistic: each is a state move the
// server may refuse (409 naming the current status), so the page shows what the server answered, then refetches.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { unwrapWithPointers } from "@/app/(dashboard)/_lib/pointer-errors";
import { cancelScheduleAction, checkSendAction, sendBroadcastAction, setSendingPausedAction } from "../../actions";

function useRefresh(workspaceId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.broadcasts.all(workspaceId) });
}

/** Keeps every pointer of a 422, so the page can list each missing piece. */
export function useCheckSend() {
  return useMutation({
    mutationFn: async (id: string) => unwrapWithPointers(await checkSendAction({ id })),
  });
}

export function useSendBroadcast(workspaceId: string) {
  const refresh = useRefresh(workspaceId);
  return useMutation({
    mutationFn: async (id: string) => unwrapWithPointers(await sendBroadcastAction({ id })),
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

export function useSetSendingPaused(workspaceId: string) {
  const refresh = useRefresh(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; paused: boolean }) => unwrap(await setSendingPausedAction(input)),
    onSettled: refresh,
  });
}
