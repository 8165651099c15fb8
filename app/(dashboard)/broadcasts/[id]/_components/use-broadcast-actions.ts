"use client";
// The report's moves (pause, resume, pick an A/B winner). None is optimistic: each is a state move the server may
// refuse (409 naming the current status, or a winner already chosen), so the page shows what the server answered,
// then refetches.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { setSendingPausedAction } from "@/features/broadcast-send/actions/send-actions";
import { chooseAbWinnerAction } from "../../analytics-actions";

function useRefresh(workspaceId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.broadcasts.all(workspaceId) });
}

export function useSetSendingPaused(workspaceId: string) {
  const refresh = useRefresh(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; paused: boolean }) => unwrap(await setSendingPausedAction(input)),
    onSettled: refresh,
  });
}

export function useChooseWinner(workspaceId: string) {
  const refresh = useRefresh(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; variantId: string }) => unwrap(await chooseAbWinnerAction(input)),
    onSettled: refresh,
  });
}
