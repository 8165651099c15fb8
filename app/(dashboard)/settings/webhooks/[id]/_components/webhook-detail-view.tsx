"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { Webhook, WebhookDelivery } from "@/lib/schemas/webhooks";
import { webhookEventTypes } from "@/lib/schemas/webhook-events";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PencilIcon, SendIcon, TrashIcon } from "@/components/ui/icons";
import { Notice } from "@/components/ui/notice";
import { RelativeTime } from "@/components/ui/relative-time";
import { useToast } from "@/components/ui/toast";
import { errorMessage, unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { getWebhookAction } from "../../actions";
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestWebhook,
  useUpdateWebhook,
  type DeliveryPage,
} from "../../_components/use-webhook-mutations";
import { WebhookFormDialog, type WebhookFormValues } from "../../_components/webhook-form-dialog";
import { WebhookSecretDialog } from "../../_components/webhook-secret-dialog";
import {
  WebhookStatusBadge,
  WebhookStatusDetail,
  disabledReasonText,
  webhookState,
} from "../../_components/webhook-status";
import { DeliveriesLog } from "./deliveries-log";
import { formatDuration } from "./delivery-status";
import { SigningSecretCard } from "./signing-secret-card";
import { WebhookSummaryCard } from "./webhook-summary-card";

/** Counters and statuses move as the worker delivers; the header follows without a reload. */
const REFRESH_MS = 5_000;

type Open = "edit" | "delete" | "disable" | "rotate" | null;

export function WebhookDetailView({
  workspaceId,
  initial,
  deliveries,
}: {
  workspaceId: string;
  initial: Webhook;
  deliveries: DeliveryPage;
}) {
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  // Set before the delete starts: the queries stop, so their refetch cannot turn into a "not found".
  const [deleting, setDeleting] = useState(false);
  const [rotated, setRotated] = useState<{ secret: string; previousUntil: string | null } | null>(null);
  const [testResult, setTestResult] = useState<WebhookDelivery | null>(null);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const update = useUpdateWebhook(workspaceId);
  const remove = useDeleteWebhook(workspaceId);
  const rotate = useRotateWebhookSecret(workspaceId);
  const test = useSendTestWebhook(workspaceId);
  const webhook =
    useQuery({
      queryKey: queryKeys.webhooks.detail(workspaceId, initial.id),
      queryFn: async () => unwrap(await getWebhookAction({ id: initial.id })),
      initialData: initial,
      refetchInterval: REFRESH_MS,
      enabled: !deleting,
    }).data ?? initial;
  const close = () => setOpen(null);

  const setActive = (isActive: boolean) =>
    update.mutate(
      { id: webhook.id, changes: { isActive } },
      {
        onSuccess: () => toast.success(isActive ? "Webhook enabled." : "Webhook disabled."),
        onError: (e) => toast.error(errorMessage(e)),
        onSettled: close,
      },
    );

  const saveEdit = (values: WebhookFormValues) => {
    const changes = {
      ...(values.url !== webhook.url ? { url: values.url } : {}),
      ...(values.events.join() !== webhook.events.join() ? { events: values.events } : {}),
    };
    if (Object.keys(changes).length === 0) return close();
    update.mutate({ id: webhook.id, changes }, { onSuccess: () => (close(), toast.success("Webhook saved.")) });
  };

  const confirmDelete = () => {
    setDeleting(true);
    remove.mutate(
      { id: webhook.id },
      {
        onSuccess: () => {
          toast.success(`Webhook to ${webhook.url} deleted.`);
          router.push("/settings/webhooks");
        },
        onError: (e) => (setDeleting(false), close(), toast.error(errorMessage(e))),
      },
    );
  };

  const confirmRotate = () =>
    rotate.mutate(
      { id: webhook.id },
      {
        onSuccess: ({ secret, previousSecretExpiresAt }) => {
          close();
          setRotated({ secret, previousUntil: previousSecretExpiresAt });
        },
      },
    );

  const sendTest = () => {
    setTestResult(null);
    test.mutate(
      { id: webhook.id },
      {
        onSuccess: (delivery) => (setTestResult(delivery), setHighlightId(delivery.id)),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  };

  const autoDisabled = webhookState(webhook) === "auto-disabled";
  return (
    <>
      <BackLink href="/settings/webhooks">Webhooks</BackLink>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2.5">
            <h2 className="min-w-0 font-mono text-base font-semibold break-all text-slate-900 sm:text-lg">
              {webhook.url}
            </h2>
            <WebhookStatusBadge webhook={webhook} />
          </div>
          {!autoDisabled && (
            <div className="mt-1">
              <WebhookStatusDetail webhook={webhook} />
            </div>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={sendTest} loading={test.isPending}>
            <SendIcon />
            Send test
          </Button>
          <Button variant="secondary" onClick={() => setOpen("delete")} className="text-red-600 hover:text-red-700">
            <TrashIcon />
            Delete
          </Button>
        </div>
      </div>

      <div className="mb-6 space-y-3 empty:hidden">
        {autoDisabled && webhook.disabledAt && (
          <Notice tone="error">
            <p className="font-medium">
              Disabled automatically <RelativeTime iso={webhook.disabledAt} />
            </p>
            <p className="mt-0.5">{disabledReasonText(webhook.disabledReason)}</p>
            <p className="mt-0.5">
              Fix the endpoint, then re-enable it: events held meanwhile (up to 30 days) and pending retries go out
              again.
            </p>
            <Button size="sm" className="mt-2" onClick={() => setActive(true)} loading={update.isPending}>
              Re-enable webhook
            </Button>
          </Notice>
        )}
        {test.isPending && <Notice tone="info">Sending a test event… (this waits for your endpoint to answer)</Notice>}
        {testResult && <TestResult delivery={testResult} />}
      </div>

      {/* min-w-0: grid items default to their content's width, and a long URL or code line would widen the page. */}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <WebhookSummaryCard
            webhook={webhook}
            toggling={update.isPending}
            onToggle={(enable) => (enable ? setActive(true) : setOpen("disable"))}
            actions={
              <Button variant="secondary" size="sm" onClick={() => (update.reset(), setOpen("edit"))}>
                <PencilIcon />
                Edit
              </Button>
            }
          />
        </div>
        <div className="min-w-0">
          <SigningSecretCard webhook={webhook} onRotate={() => setOpen("rotate")} rotating={rotate.isPending} />
        </div>
      </div>
      <div className="mt-6">
        <DeliveriesLog
          workspaceId={workspaceId}
          webhookId={webhook.id}
          initial={deliveries}
          highlightId={highlightId}
          onHighlight={setHighlightId}
          enabled={!deleting}
        />
      </div>

      <WebhookFormDialog
        open={open === "edit"}
        mode="edit"
        // Types no longer in the catalog cannot be chosen again; saving drops them, which the picker shows.
        initial={{ url: webhook.url, events: webhookEventTypes.filter((t) => webhook.events.includes(t)) }}
        pending={update.isPending}
        error={update.error}
        onClose={close}
        onSubmit={saveEdit}
      />
      <ConfirmDialog
        open={open === "delete"}
        onClose={close}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        title="Delete this webhook?"
        description={
          <>
            Sendwell stops sending events to <span className="font-mono break-all text-slate-900">{webhook.url}</span>{" "}
            and drops its pending retries and delivery history. This cannot be undone.
          </>
        }
        confirmLabel="Delete webhook"
      />
      <ConfirmDialog
        open={open === "disable"}
        onClose={close}
        onConfirm={() => setActive(false)}
        pending={update.isPending}
        title="Disable this webhook?"
        description="Nothing is sent to this endpoint until you enable it again, and events that happen meanwhile are not kept for it. Retries already pending resume once it is re-enabled."
        confirmLabel="Disable webhook"
      />
      <ConfirmDialog
        open={open === "rotate"}
        onClose={close}
        onConfirm={confirmRotate}
        pending={rotate.isPending}
        error={rotate.error ? errorMessage(rotate.error) : undefined}
        title="Rotate the signing secret?"
        description="A new secret is made and shown once. For the next 24 hours requests carry two signatures, one with the old secret and one with the new, so your endpoint keeps verifying while you deploy the new secret. After that only the new one signs."
        confirmLabel="Rotate secret"
      />
      <WebhookSecretDialog
        secret={rotated?.secret ?? null}
        reason="rotated"
        previousUntil={rotated?.previousUntil}
        onClose={() => setRotated(null)}
      />
    </>
  );
}

function TestResult({ delivery: d }: { delivery: WebhookDelivery }) {
  const took = formatDuration(d.responseTimeMs);
  return d.status === "success" ? (
    <Notice tone="success">
      Test event delivered: your endpoint answered <span className="font-mono">HTTP {d.responseStatus}</span> in {took}.
      It is marked in the log below.
    </Notice>
  ) : (
    <Notice tone="error">
      Test event failed after {took}:{" "}
      {d.responseStatus !== null ? <span className="font-mono">HTTP {d.responseStatus}</span> : null}
      {d.responseStatus !== null && d.error ? " – " : null}
      {d.error}. Open it in the log below to see the response.
    </Notice>
  );
}
