"use client";
// The broadcast actions menu's server calls. Each refreshes everything broadcast-shaped once settled (the lists,
// the report and the composer read under queryKeys.broadcasts.all); none is optimistic, since the menu navigates
// to the new draft (duplicate, resend) or shows the server's refusal (a 409 naming the status).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { unwrapWithPointers } from "@/lib/pointer-errors";
import {
  deleteBroadcastAction,
  duplicateBroadcastAction,
  resendUnopenedAction,
  setBroadcastArchivedAction,
} from "../actions/broadcast-menu-actions";

function useRefresh(workspaceId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.broadcasts.all(workspaceId) });
}

export function useDuplicateBroadcast(workspaceId: string) {
  const refresh = useRefresh(workspaceId);
  return useMutation({
    mutationFn: async (id: string) => unwrap(await duplicateBroadcastAction({ id })),
    onSettled: refresh,
  });
}

export function useResendUnopened(workspaceId: string) {
  const refresh = useRefresh(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; input: { subject: string; name?: string } }) =>
      unwrapWithPointers(await resendUnopenedAction(input)),
    onSettled: refresh,
  });
}

export function useArchiveBroadcast(workspaceId: string) {
  const refresh = useRefresh(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; archived: boolean }) => unwrap(await setBroadcastArchivedAction(input)),
    onSettled: refresh,
  });
}

export function useDeleteBroadcast(workspaceId: string) {
  const refresh = useRefresh(workspaceId);
  return useMutation({
    mutationFn: async (id: string) => unwrap(await deleteBroadcastAction({ id })),
    onSettled: refresh,
  });
}
