"use client";
import { useState } from "react";
import type { WebhookDelivery } from "@/lib/schemas/webhooks";
import { CardHeader } from "@/components/ui/card";
import { SendIcon } from "@/components/ui/icons";
import { ListCard, ListEmpty } from "@/components/ui/list-page";
import { useToast } from "@/components/ui/toast";
import { actionQuery, useListQuery, useListState } from "@/components/ui/use-list-query";
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
  const list = useListState({ limit: initial.limit });
  const [open, setOpen] = useState<WebhookDelivery | null>(null);
  const redeliver = useRedeliverWebhookDelivery(workspaceId);

  const params: DeliveryListParams = {
    page: list.page,
    limit: list.limit,
    status: filters.status,
    eventType: filters.eventType,
    since: sinceToIso(filters.since),
  };
  const filtered = Boolean(params.status || params.eventType || params.since);
  const listing = useListQuery({
    list,
    queryKey: queryKeys.webhooks.deliveryList(workspaceId, webhookId, params),
    queryFn: async () => unwrap(await listWebhookDeliveriesAction({ id: webhookId, query: actionQuery(params) })),
    initial,
    isInitial: list.atStart && !filtered,
    refetchInterval: REFRESH_MS,
    enabled,
  });
  const changeFilters = list.filter(setFilters);

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
    <>
      <ListCard
        listing={listing}
        top={
          <>
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
                    className={`size-2 rounded-full ${listing.query.isFetching ? "bg-brand-500" : "bg-emerald-500"} motion-safe:animate-pulse`}
                  />
                  Live
                </span>
              }
            />
            <DeliveriesFilters value={filters} onChange={changeFilters} />
          </>
        }
      >
        <DeliveryTable
          {...listing.table}
          empty={
            <ListEmpty
              icon={SendIcon}
              filtered={filtered}
              noMatch={{
                title: "No deliveries match these filters",
                description: "Try another status, event type or start time.",
              }}
              none={{
                title: "No deliveries yet",
                description:
                  "Deliveries appear here as subscribed events happen. Send a test event to try the endpoint now.",
              }}
            />
          }
          onOpen={(d) => (redeliver.reset(), setOpen(d))}
          highlightId={highlightId}
        />
      </ListCard>
      <DeliveryDialog
        delivery={open}
        onClose={() => setOpen(null)}
        onRedeliver={doRedeliver}
        redelivering={redeliver.isPending}
        error={redeliver.error ? errorMessage(redeliver.error) : undefined}
      />
    </>
  );
}
