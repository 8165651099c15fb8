"use client";
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type OutboxKind, type OutboxSummary } from "@/lib/schemas/outbox";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { MailIcon } from "@/components/ui/icons";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { PageFooter } from "@/components/ui/pagination";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { unwrap } from "@/lib/action-result";
import type { OffsetPage } from "@/lib/pages";
import { queryKeys } from "@/lib/query-keys";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { listOutboxAction } from "../actions";
import { OutboxTable } from "./outbox-table";
import { SearchInput } from "@/components/ui/search-input";

/** A broadcast being sent fills the outbox batch by batch; new messages appear without a reload. */
const REFRESH_MS = 5_000;

type OutboxViewProps = {
  workspaceId: string;
  initial: OffsetPage<OutboxSummary>;
  transport: string;
  /** The kinds this role may see (invitations only for those who manage the team). */
  kinds: readonly OutboxKind[];
};

export function OutboxView({ workspaceId, initial, transport, kinds }: OutboxViewProps) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(initial.limit);
  const [searchInput, setSearchInput] = useState("");
  const [kind, setKind] = useState<OutboxKind | "">("");
  const search = useDebouncedValue(searchInput.trim());

  const isInitial = page === 1 && limit === initial.limit && search === "" && kind === "";
  const query = useQuery({
    queryKey: queryKeys.outbox.list(workspaceId, { page, limit, search, kind }),
    queryFn: async () =>
      unwrap(
        await listOutboxAction({
          page: String(page),
          limit: String(limit),
          ...(search ? { search } : {}),
          ...(kind ? { kind } : {}),
        }),
      ),
    initialData: isInitial ? initial : undefined,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const data = query.data ?? initial;
  const filtered = search !== "" || kind !== "";

  return (
    <>
      <PageHeader
        title="Outbox"
        description="Every email this workspace sent while EMAIL_TRANSPORT=outbox, stored here instead of delivered. Open one to read it and follow its links."
      />
      {transport !== "outbox" && (
        <Notice tone="warning" className="mb-4">
          This server sends through <span className="font-mono">{transport}</span>, so new emails are delivered to their
          recipients and not stored here. What is listed was stored while the outbox transport was in use.
        </Notice>
      )}
      <Card>
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-5 py-3">
          <SearchInput
            value={searchInput}
            onChange={(v) => (setSearchInput(v), setPage(1))}
            placeholder="Search recipient or subject…"
            label="Search the outbox"
            className="w-full sm:w-72"
          />
          <Select
            aria-label="Filter by kind"
            className="w-full text-[13px] sm:w-44"
            value={kind}
            onChange={(e) => (setKind(kinds.find((k) => k === e.target.value) ?? ""), setPage(1))}
          >
            <option value="">All kinds</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {k[0]?.toUpperCase()}
                {k.slice(1)}
              </option>
            ))}
          </Select>
          {query.isFetching && <Spinner className="text-slate-400" />}
        </div>
        <QueryErrorNotice query={query} />
        {data.data.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={<MailIcon className="size-5" />}
              title="No messages match"
              description="Try another recipient, subject or kind."
            />
          ) : (
            <EmptyState
              icon={<MailIcon className="size-5" />}
              title="The outbox is empty"
              description={
                <>
                  With <span className="font-mono text-slate-700">EMAIL_TRANSPORT=outbox</span> (the default), Sendwell
                  stores every email here instead of delivering it: broadcasts, test sends and account emails. Send a
                  broadcast or a test and it shows up here, links and all. Set{" "}
                  <span className="font-mono text-slate-700">EMAIL_TRANSPORT</span> to{" "}
                  <span className="font-mono text-slate-700">resend</span> or{" "}
                  <span className="font-mono text-slate-700">smtp</span> to deliver for real.
                </>
              }
            />
          )
        ) : (
          <div className={query.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
            <OutboxTable messages={data.data} />
          </div>
        )}
        <PageFooter result={data} page={page} limit={limit} onPageChange={setPage} onLimitChange={setLimit} />
      </Card>
    </>
  );
}
