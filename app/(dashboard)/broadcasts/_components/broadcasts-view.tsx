"use client";
import { useState } from "react";
import Link from "next/link";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Broadcast, BroadcastStatus } from "@/lib/schemas/broadcasts";
import { BROADCAST_STATUSES } from "@/lib/schemas/broadcast-constants";
import type { OffsetPage } from "@/lib/pages";
import { BROADCAST_STATUS_LABELS } from "@/components/broadcasts/status-badge";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { StatusTabs } from "@/components/ui/status-tabs";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon, SendIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { PageFooter } from "@/components/ui/pagination";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { Spinner } from "@/components/ui/spinner";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { listBroadcastsAction } from "../actions";
import { BroadcastTable, type ListRates } from "./broadcast-table";
import { SearchInput } from "@/components/ui/search-input";
import { useCan } from "@/components/permissions/role-context";

/** Sending broadcasts move their counters; the list follows while one is on screen. */
const REFRESH_MS = 5_000;

type ListData = { page: OffsetPage<Broadcast> & { nextCursor: string | null }; rates: ListRates };
type Props = { workspaceId: string; initial: ListData };

export function BroadcastsView({ workspaceId, initial }: Props) {
  const canWrite = useCan("broadcasts.write");
  const [status, setStatus] = useState<BroadcastStatus | "">("");
  const [archived, setArchived] = useState(false);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(initial.page.limit);
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim());

  const params = { page, limit, search, status, archived };
  const isInitial = page === 1 && limit === initial.page.limit && !search && !status && !archived;
  const query = useQuery({
    queryKey: queryKeys.broadcasts.list(workspaceId, params),
    queryFn: async () =>
      unwrap(
        await listBroadcastsAction({
          page: String(page),
          limit: String(limit),
          ...(search ? { search } : {}),
          ...(status ? { status } : {}),
          ...(archived ? { archived: "true" } : {}),
        }),
      ),
    initialData: isInitial ? initial : undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.page.data.some((b) => b.status === "sending") ? REFRESH_MS : false),
  });
  const data = query.data ?? initial;
  const rows = data.page;
  if (rows.totalPages > 0 && page > rows.totalPages && !query.isPlaceholderData) setPage(rows.totalPages);
  const filtered = Boolean(search || status);

  const choose = (next: Partial<{ status: BroadcastStatus | ""; archived: boolean }>) => {
    if (next.status !== undefined) setStatus(next.status);
    if (next.archived !== undefined) setArchived(next.archived);
    setPage(1);
  };

  return (
    <>
      <PageHeader
        title="Broadcasts"
        description="One email to an audience: write it, send or schedule it, and watch it land."
        actions={
          canWrite && (
            <Link href="/broadcasts/new" className={buttonClasses("primary")}>
              <PlusIcon />
              New broadcast
            </Link>
          )
        }
      />
      <Card>
        <StatusTabs
          statuses={BROADCAST_STATUSES}
          value={status}
          onChange={(s) => choose({ status: s })}
          labels={BROADCAST_STATUS_LABELS}
        />
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-5 py-3">
          <SearchInput
            value={searchInput}
            onChange={(v) => (setSearchInput(v), setPage(1))}
            placeholder="Search name or subject…"
            label="Search broadcasts"
            className="w-full sm:w-72"
          />
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={archived}
              onChange={(e) => choose({ archived: e.target.checked })}
              className="size-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
            />
            Show archived
          </label>
          {query.isFetching && <Spinner className="text-slate-400" />}
        </div>
        <QueryErrorNotice query={query} />
        <BroadcastTable
          workspaceId={workspaceId}
          broadcasts={rows.data}
          rates={data.rates}
          stale={query.isPlaceholderData}
          empty={
            <EmptyState
              icon={<SendIcon className="size-5" />}
              title={
                filtered || archived
                  ? archived
                    ? "No archived broadcasts here"
                    : "No broadcasts match"
                  : "No broadcasts yet"
              }
              description={
                filtered || archived
                  ? "Try another status or search, or clear the filters."
                  : canWrite
                    ? "Write your first broadcast: a subject, a sender and a few lines are enough to send."
                    : "Broadcasts your team writes show here."
              }
              action={
                canWrite && !filtered && !archived ? (
                  <Link href="/broadcasts/new" className={buttonClasses("primary")}>
                    <PlusIcon />
                    New broadcast
                  </Link>
                ) : undefined
              }
            />
          }
        />
        <PageFooter result={rows} page={page} limit={limit} onPageChange={setPage} onLimitChange={setLimit} />
      </Card>
    </>
  );
}
