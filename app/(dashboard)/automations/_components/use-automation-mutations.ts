"use client";
// The list's and the report's moves on one automation. None is optimistic: each is a state move the server may refuse
// (409 naming the current status), so the page shows what the server answered, then every automation query
// (lists, reports, a contact's automations) refreshes.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import {
  archiveAutomationAction,
  createAutomationAction,
  deleteAutomationAction,
  duplicateAutomationAction,
  pauseAutomationAction,
  resumeAutomationAction,
} from "../actions";

function useRefresh(workspaceId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.automations.all(workspaceId) });
}

export function useAutomationMoves(workspaceId: string) {
  const onSettled = useRefresh(workspaceId);
  return {
    duplicate: useMutation({
      mutationFn: async (id: string) => unwrap(await duplicateAutomationAction({ id })),
      onSettled,
    }),
    pause: useMutation({ mutationFn: async (id: string) => unwrap(await pauseAutomationAction({ id })), onSettled }),
    resume: useMutation({ mutationFn: async (id: string) => unwrap(await resumeAutomationAction({ id })), onSettled }),
    archive: useMutation({
      mutationFn: async (id: string) => unwrap(await archiveAutomationAction({ id })),
      onSettled,
    }),
    remove: useMutation({ mutationFn: async (id: string) => unwrap(await deleteAutomationAction({ id })), onSettled }),
  };
}

export type AutomationMoves = ReturnType<typeof useAutomationMoves>;

export function useCreateAutomation(workspaceId: string) {
  const onSettled = useRefresh(workspaceId);
  return useMutation({
    mutationFn: async (input: Parameters<typeof createAutomationAction>[0]) =>
      unwrap(await createAutomationAction(input)),
    onSettled,
  });
}
