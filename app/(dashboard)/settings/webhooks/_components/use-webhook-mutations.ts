"use client";
// One hook per webhook mutation. Status changes are optimistic (rolled back on error); anything the server makes
// (a secret, a delivery) is shown from its answer. Every hook refreshes what it touched once settled.
import { useMutation } from "@tanstack/react-query";
import type { CreateWebhook, UpdateWebhook, Webhook, WebhookDelivery } from "@/lib/schemas/webhooks";
import { unwrap } from "@/lib/action-result";
import { useOptimisticCache } from "@/lib/optimistic-cache";
import type { OffsetPage } from "@/lib/pages";
import { queryKeys } from "@/lib/query-keys";
import {
  createWebhookAction,
  deleteWebhookAction,
  redeliverWebhookDeliveryAction,
  rotateWebhookSecretAction,
  sendTestWebhookAction,
  updateWebhookAction,
} from "../actions";

export type WebhookPage = OffsetPage<Webhook>;
export type DeliveryPage = OffsetPage<WebhookDelivery>;

function useBase(workspaceId: string) {
  const { qc, patch, rollback, refresh } = useOptimisticCache([queryKeys.webhooks.all(workspaceId)]);
  return {
    qc,
    /** Applies `change` to the webhook wherever it is cached: its detail and every list page. */
    patchWebhook: (id: string, change: (w: Webhook) => Webhook) =>
      patch<Webhook | WebhookPage>(
        [queryKeys.webhooks.detail(workspaceId, id), queryKeys.webhooks.lists(workspaceId)],
        (value) =>
          "data" in value ? { ...value, data: value.data.map((w) => (w.id === id ? change(w) : w)) } : change(value),
      ),
    rollback,
    refresh,
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
  const { qc, patchWebhook, rollback, refresh } = useBase(workspaceId);
  return useMutation({
    mutationFn: async (input: { id: string; changes: UpdateWebhook }) => unwrap(await updateWebhookAction(input)),
    // Only the switch is optimistic: a URL is not "saved" until the server has accepted it.
    onMutate: ({ id, changes }) =>
      changes.isActive === undefined
        ? { snapshot: [] }
        : patchWebhook(id, (w) =>
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
