"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { createApiKeyAction, listApiKeysAction, revokeApiKeyAction } from "../actions";

type ListResult = Awaited<ReturnType<typeof listApiKeysAction>>;
export type ApiKey = Extract<ListResult, { ok: true }>["data"][number];

/** Creating cannot be optimistic (the server makes the secret); the new row is added from the answer. */
export function useCreateApiKey(workspaceId: string) {
  const qc = useQueryClient();
  const key = queryKeys.apiKeys.all(workspaceId);
  return useMutation({
    mutationFn: async (input: { name: string; scope: "read" | "write" }) => unwrap(await createApiKeyAction(input)),
    onSuccess: (created) => qc.setQueryData<ApiKey[]>(key, (keys = []) => [created.key, ...keys]),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeApiKey(workspaceId: string) {
  const qc = useQueryClient();
  const key = queryKeys.apiKeys.all(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string }) => unwrap(await revokeApiKeyAction(input)),
    onMutate: async ({ id }) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<ApiKey[]>(key);
      const revokedAt = new Date().toISOString();
      qc.setQueryData<ApiKey[]>(key, (keys = []) => keys.map((k) => (k.id === id ? { ...k, revokedAt } : k)));
      return { previous };
    },
    onError: (_error, _input, context) => context?.previous && qc.setQueryData(key, context.previous),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export async function fetchApiKeys(): Promise<ApiKey[]> {
  return unwrap(await listApiKeysAction({}));
}
