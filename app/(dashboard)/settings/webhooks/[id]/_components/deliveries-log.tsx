"use client";
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { WebhookDelivery } from "@/lib/schemas/webhooks";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { SendIcon } from "@/components/ui/icons";
import { PageFooter } from "@/components/ui/pagination";
import { useToast } from "@/components/ui/toast";
import { errorMessage, unwrap } from "@/lib/action-result";
import { queryKeys, type DeliveryListParams } from "@/lib/query-keys";
import { listWebhookDeliveriesAction } from "../../actions";
import { useRedeliverWebhookDelivery, type DeliveryPage } from "../../_components/use-webhook-mutations";
import { DeliveriesFilters, NO_FILTERS, sinceToIso, type DeliveryFilters } from "./deliveries-filters";
import { DeliveryDialog } from "./delivery-dialog";
import { formatDuration } from "./delivery-status";
import { DeliveryTable } from "./delivery-table";

/** New attempts (the worker's, a retry, another tab's test) appear without a reload. */
const REFRESH_MS = 3_000;

type DeliveriesLogProps = {
  workspaceId: string;
  webhookId: string;
  initial: DeliveryPage;
  /** Set by the page when it made a delivery itself (Send test), to mark that row. */
  highlightId: string | null;
  onHighlight: (id: string) => void;
  enabled: boolean;
};

export function DeliveriesLog({
  workspaceId,
  webhookId,
  initial,
  highlightId,
  onHighlight,
  enabled,
}: DeliveriesLogProps) {
  const toast = useToast();
  const [filters, setFilters] = useState<DeliveryFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(initial.limit);
  const [open, setOpen] = useState<WebhookDelivery | null>(null);
  const redeliver = useRedeliverWebhookDelivery(workspaceId);

  const params: DeliveryListParams = {
    page,
    limit,
    status: filters.status,
    eventType: filters.eventType,
    since: sinceToIso(filters.since),
  };
  const filtered = Boolean(params.status || params.eventType || params.since);
  const isInitial = page === 1 && limit === initial.limit && !filtered;
  const query = useQuery({
    queryKey: queryKeys.webhooks.deliveryList(workspaceId, webhookId, params),
    queryFn: async () =>
      unwrap(
        await listWebhookDeliveriesAction({
          id: webhookId,
          query: {
            page: String(page),
            limit: String(limit),
            ...(params.status ? { status: params.status } : {}),
            ...(params.eventType ? { eventType: params.eventType } : {}),
            ...(params.since ? { since: params.since } : {}),
          },
        }),
      ),
    initialData: isInitial ? initial : undefined,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    enabled,
  });
  const data = query.data ?? initial;

  const changeFilters = (next: DeliveryFilters) => {
    setFilters(next);
    setPage(1);
  };

  const doRedeliver = (d: WebhookDelivery) =>
    redeliver.mutate(
      { id: webhookId, deliveryId: d.id },
      {
        onSuccess: (attempt) => {
          // The new attempt is the newest: show it at the top of an unfiltered first page, marked.
          setOpen(null);
          changeFilters(NO_FILTERS);
          onHighlight(attempt.id);
          const took = formatDuration(attempt.responseTimeMs);
          if (attempt.status === "success") toast.success(`Redelivered: HTTP ${attempt.responseStatus} in ${took}.`);
          else toast.error(`Redelivery failed: ${attempt.error ?? `HTTP ${attempt.responseStatus}`} (${took}).`);
        },
      },
    );

  return (
    <Card>
      <CardHeader
        title="Deliveries"
        description="Every attempt to send an event to this endpoint, newest first. Select one to see the request and the response."
        actions={
          <span
            className="inline-flex items-center gap-1.5 text-[13px] text-slate-500"
            title="Refreshes every 3 seconds"
          >
            <span
              aria-hidden="true"
              className={`size-2 rounded-full ${query.isFetching ? "bg-brand-500" : "bg-emerald-500"} motion-safe:animate-pulse`}
            />
            Live
          </span>
        }
      />
      <DeliveriesFilters value={filters} onChange={changeFilters} />
      <QueryErrorNotice query={query} />
      {data.data.length === 0 ? (
        <EmptyState
          icon={<SendIcon className="size-5" />}
          title={filtered ? "No deliveries match these filters" : "No deliveries yet"}
          description={
            filtered
              ? "Try another status, event type or start time."
              : "Deliveries appear here as subscribed events happen. Send a test event to try the endpoint now."
          }
        />
      ) : (
        <div className={query.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          <DeliveryTable
            deliveries={data.data}
            onOpen={(d) => (redeliver.reset(), setOpen(d))}
            highlightId={highlightId}
          />
        </div>
      )}
      <PageFooter result={data} page={page} limit={limit} onPageChange={setPage} onLimitChange={setLimit} />
      <DeliveryDialog
        delivery={open}
        onClose={() => setOpen(null)}
        onRedeliver={doRedeliver}
        redelivering={redeliver.isPending}
        error={redeliver.error ? errorMessage(redeliver.error) : undefined}
      />
    </Card>
  );
}
