"use client";
import { useState } from "react";
import { type OutboxKind, type OutboxSummary } from "@/lib/schemas/outbox";
import { MailIcon } from "@/components/ui/icons";
import { ListCard, ListEmpty, ListToolbar } from "@/components/ui/list-page";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { actionQuery, useListQuery, useListState } from "@/components/ui/use-list-query";
import { unwrap } from "@/lib/action-result";
import type { OffsetPage } from "@/lib/pages";
import { queryKeys } from "@/lib/query-keys";
import { listOutboxAction } from "../actions";
import { OutboxTable } from "./outbox-table";

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
  const list = useListState({ limit: initial.limit });
  const [kind, setKind] = useState<OutboxKind | "">("");

  const params = { page: list.page, limit: list.limit, search: list.search, kind };
  const listing = useListQuery({
    list,
    queryKey: queryKeys.outbox.list(workspaceId, params),
    queryFn: async () => unwrap(await listOutboxAction(actionQuery(params))),
    initial,
    isInitial: list.atStart && kind === "",
    refetchInterval: REFRESH_MS,
  });

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
      <ListCard
        listing={listing}
        top={
          <ListToolbar
            listing={listing}
            placeholder="Search recipient or subject…"
            label="Search the outbox"
            searchClassName="w-full sm:w-72"
          >
            <Select
              aria-label="Filter by kind"
              className="w-full text-[13px] sm:w-44"
              value={kind}
              onChange={(e) => list.filter(setKind)(kinds.find((k) => k === e.target.value) ?? "")}
            >
              <option value="">All kinds</option>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {k[0]?.toUpperCase()}
                  {k.slice(1)}
                </option>
              ))}
            </Select>
          </ListToolbar>
        }
      >
        <OutboxTable
          {...listing.table}
          empty={
            <ListEmpty
              icon={MailIcon}
              filtered={list.search !== "" || kind !== ""}
              noMatch={{ title: "No messages match", description: "Try another recipient, subject or kind." }}
              none={{
                title: "The outbox is empty",
                description: (
                  <>
                    With <span className="font-mono text-slate-700">EMAIL_TRANSPORT=outbox</span> (the default),
                    Sendwell stores every email here instead of delivering it: broadcasts, test sends and account
                    emails. Send a broadcast or a test and it shows up here, links and all. Set{" "}
                    <span className="font-mono text-slate-700">EMAIL_TRANSPORT</span> to{" "}
                    <span className="font-mono text-slate-700">resend</span> or{" "}
                    <span className="font-mono text-slate-700">smtp</span> to deliver for real.
                  </>
                ),
              }}
            />
          }
        />
      </ListCard>
    </>
  );
}
