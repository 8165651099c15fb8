"use client";
import { useState } from "react";
import type { Broadcast, BroadcastStatus } from "@/lib/schemas/broadcasts";
import { BROADCAST_STATUSES } from "@/lib/schemas/broadcast-constants";
import type { OffsetPage } from "@/lib/pages";
import { BROADCAST_STATUS_LABELS } from "@/components/broadcasts/status-badge";
import { StatusTabs } from "@/components/ui/status-tabs";
import { SendIcon } from "@/components/ui/icons";
import { ListCard, ListEmpty, ListToolbar, NewLink } from "@/components/ui/list-page";
import { PageHeader } from "@/components/ui/page-header";
import { actionQuery, useListQuery, useListState } from "@/components/ui/use-list-query";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { listBroadcastsAction } from "../actions";
import { BroadcastTable, type ListRates } from "./broadcast-table";
import { useCan } from "@/components/permissions/role-context";

/** Sending broadcasts move their counters; the list follows while one is on screen. */
const REFRESH_MS = 5_000;

type ListData = { page: OffsetPage<Broadcast> & { nextCursor: string | null }; rates: ListRates };
type Props = { workspaceId: string; initial: ListData };

export function BroadcastsView({ workspaceId, initial }: Props) {
  const canWrite = useCan("broadcasts.write");
  const list = useListState({ limit: initial.page.limit });
  const [status, setStatus] = useState<BroadcastStatus | "">("");
  const [archived, setArchived] = useState(false);

  const params = { page: list.page, limit: list.limit, search: list.search, status, archived };
  const listing = useListQuery({
    list,
    queryKey: queryKeys.broadcasts.list(workspaceId, params),
    queryFn: async () => unwrap(await listBroadcastsAction(actionQuery(params))),
    initial,
    isInitial: list.atStart && !status && !archived,
    pageOf: (d) => d.page,
    refetchInterval: (q) => (q.state.data?.page.data.some((b) => b.status === "sending") ? REFRESH_MS : false),
  });
  const filtered = Boolean(list.search || status);
  const newLink = <NewLink href="/broadcasts/new">New broadcast</NewLink>;

  return (
    <>
      <PageHeader
        title="Broadcasts"
        description="One email to an audience: write it, send or schedule it, and watch it land."
        actions={canWrite && newLink}
      />
      <ListCard
        listing={listing}
        top={
          <>
            <StatusTabs
              statuses={BROADCAST_STATUSES}
              value={status}
              onChange={list.filter(setStatus)}
              labels={BROADCAST_STATUS_LABELS}
            />
            <ListToolbar
              listing={listing}
              placeholder="Search name or subject…"
              label="Search broadcasts"
              searchClassName="w-full sm:w-72"
            >
              <label className="inline-flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={archived}
                  onChange={(e) => list.filter(setArchived)(e.target.checked)}
                  className="size-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                />
                Show archived
              </label>
            </ListToolbar>
          </>
        }
      >
        <BroadcastTable
          {...listing.table}
          workspaceId={workspaceId}
          rates={listing.data.rates}
          empty={
            <ListEmpty
              icon={SendIcon}
              filtered={filtered || archived}
              noMatch={{
                title: archived ? "No archived broadcasts here" : "No broadcasts match",
                description: "Try another status or search, or clear the filters.",
              }}
              none={{
                title: "No broadcasts yet",
                description: canWrite
                  ? "Write your first broadcast: a subject, a sender and a few lines are enough to send."
                  : "Broadcasts your team writes show here.",
                action: canWrite && newLink,
              }}
            />
          }
        />
      </ListCard>
    </>
  );
}
