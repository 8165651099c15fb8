"use client";
// One hook per webhook mutation. Status changes are optimistic (rolled back on error); anything the server makes
// (a secret, a delivery) is shown from its answer. Every hook refreshes what it touched once settled.
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { CreateWebhook, UpdateWebhook, Webhook, WebhookDelivery } from "@/lib/schemas/webhooks";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import {
  createWebhookAction,
  deleteWebhookAction,
  redeliverWebhookDeliveryAction,
  rotateWebhookSecretAction,
  sendTestWebhookAction,
  updateWebhookAction,
} from "../actions";

export type WebhookPage = { data: Webhook[]; total: number; page: number; limit: number; totalPages: number };
export type DeliveryPage = { data: WebhookDelivery[]; total: number; page: number; limit: number; totalPages: number };

type Snapshot = [QueryKey, unknown][];

/** Applies `patch` to the webhook wherever it is cached (its detail and every list page); returns the old values. */
async function patchWebhook(
  qc: QueryClient,
  workspaceId: string,
  id: string,
  patch: (w: Webhook) => Webhook,
): Promise<{ snapshot: Snapshot }> {
  const detail = { queryKey: queryKeys.webhooks.detail(workspaceId, id) };
  const lists = { queryKey: queryKeys.webhooks.lists(workspaceId) };
  await Promise.all([qc.cancelQueries(detail), qc.cancelQueries(lists)]);
  const snapshot: Snapshot = [...qc.getQueriesData(detail), ...qc.getQueriesData(lists)];
  qc.setQueryData<Webhook>(detail.queryKey, (w) => (w ? patch(w) : w));
  qc.setQueriesData<WebhookPage>(lists, (page) =>
    page ? { ...page, data: page.data.map((w) => (w.id === id ? patch(w) : w)) } : page,
  );
  return { snapshot };
}

function useBase(workspaceId: string) {
  const qc = useQueryClient();
  return {
    qc,
    rollback: (_e: unknown, _input: unknown, context: { snapshot: Snapshot } | undefined) =>
      context?.snapshot.forEach(([key, value]) => qc.setQueryData(key, value)),
    refresh: () => qc.invalidateQueries({ queryKey: queryKeys.webhooks.all(workspaceId) }),
  };
}

/** Not optimistic: the server checks the URL (a private address is refused) and makes the secret. */
export function useCreateWebhook(workspaceId: string) {
  const { refresh } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: CreateWebhook) => unwrap(await createWebhookAction(input)),
    onSettled: refresh,
  });
}

export function useUpdateWebhook(workspaceId: string) {
  const { qc, rollback, refresh } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; changes: UpdateWebhook }) => unwrap(await updateWebhookAction(input)),
    // Only the switch is optimistic: a URL is not "saved" until the server has accepted it.
    onMutate: ({ id, changes }) =>
      changes.isActive === undefined
        ? { snapshot: [] }
        : patchWebhook(qc, workspaceId, id, (w) =>
            changes.isActive
              ? { ...w, isActive: true, consecutiveFailures: 0, disabledAt: null, disabledReason: null }
              : { ...w, isActive: false },
          ),
    onSuccess: (webhook) => qc.setQueryData(queryKeys.webhooks.detail(workspaceId, webhook.id), webhook),
    onError: rollback,
    onSettled: refresh,
  });
}

/** Not optimistic: the detail page navigates away only once the webhook is really gone. */
export function useDeleteWebhook(workspaceId: string) {
  const { qc } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string }) => unwrap(await deleteWebhookAction(input)),
    onSuccess: (_r, { id }) => qc.removeQueries({ queryKey: queryKeys.webhooks.detail(workspaceId, id) }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.webhooks.lists(workspaceId) }),
  });
}

export function useRotateWebhookSecret(workspaceId: string) {
  const { qc, refresh } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string }) => unwrap(await rotateWebhookSecretAction(input)),
    onSuccess: ({ secret: _secret, ...webhook }) =>
      // The secret is kept out of the cache: it lives only in the dialog that shows it once.
      qc.setQueryData<Webhook>(queryKeys.webhooks.detail(workspaceId, webhook.id), webhook),
    onSettled: refresh,
  });
}

/** The test is sent synchronously (up to the webhook timeout); the answer is the delivery it recorded. */
export function useSendTestWebhook(workspaceId: string) {
  const { refresh } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string }) => unwrap(await sendTestWebhookAction(input)),
    onSettled: refresh,
  });
}

export function useRedeliverWebhookDelivery(workspaceId: string) {
  const { refresh } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; deliveryId: string }) =>
      unwrap(await redeliverWebhookDeliveryAction(input)),
    onSettled: refresh,
  });
}
