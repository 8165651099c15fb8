"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { createApiKeyAction, deleteApiKeyAction, listApiKeysAction, revokeApiKeyAction } from "../actions";

type ListResult = Awaited<ReturnType<typeof listApiKeysAction>>;
export type ApiKey = Extract<ListResult, { ok: true }>["data"][number];

/** Creating cannot be optimistic (the server makes the secret); the new row is added from the answer. */
export function useCreateApiKey(workspaceId: string) {
  const qc = useQueryClient();
  const key = queryKeys.apiKeys.all(workspaceId);
  return useMutation({
    mutationFn: async (input: { name: string; scope: "read" | "write"; expiresAt: string | null }) =>
      unwrap(await createApiKeyAction(input)),
    onSuccess: (created) => qc.setQueryData<ApiKey[]>(key, (keys = []) => [created.key, ...keys]),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/**
 * Not optimistic, unlike the other lists: "Revoked" must mean the server has refused the key, because people act on
 * it (rotate a leaked key, tell a vendor). The row changes once the revocation has committed.
 */
export function useRevokeApiKey(workspaceId: string) {
  const qc = useQueryClient();
  const key = queryKeys.apiKeys.all(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string }) => unwrap(await revokeApiKeyAction(input)),
    onSuccess: (_result, { id }) => {
      const revokedAt = new Date().toISOString();
      qc.setQueryData<ApiKey[]>(key, (keys = []) => keys.map((k) => (k.id === id ? { ...k, revokedAt } : k)));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** Only revoked keys can be deleted; the row goes once the server has removed it. */
export function useDeleteApiKey(workspaceId: string) {
  const qc = useQueryClient();
  const key = queryKeys.apiKeys.all(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string }) => unwrap(await deleteApiKeyAction(input)),
    onSuccess: (_result, { id }) => qc.setQueryData<ApiKey[]>(key, (keys = []) => keys.filter((k) => k.id !== id)),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export async function fetchApiKeys(): Promise<ApiKey[]> {
  return unwrap(await listApiKeysAction({}));
}
