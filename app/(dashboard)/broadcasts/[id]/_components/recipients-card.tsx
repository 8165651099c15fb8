"use client";
// The report's "who": every recipient with what they did, filtered by it, searched by address or name, or the
// clickers of one top link; keyset pages (Previous walks back through the cursors already seen) and a CSV download
// of the same selection. Wide on purpose: it scrolls sideways inside its card on a phone.
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { BroadcastRecipientRow, RecipientFilter, RecipientState } from "@/lib/schemas/broadcast-recipients";
import { SUPPRESSED_BY } from "./suppressed-figure";
import { listBroadcastRecipientsAction } from "@/app/(dashboard)/broadcasts/analytics-actions";
import { useCan } from "@/components/permissions/role-context";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardHeader } from "@/components/ui/card";
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon } from "@/components/ui/icons";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { RelativeTime } from "@/components/ui/relative-time";
import { SearchInput } from "@/components/ui/search-input";
import { Select } from "@/components/ui/select";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { unwrap } from "@/lib/action-result";
import { formatNumber } from "@/lib/format";
import { queryKeys } from "@/lib/query-keys";
import { useDebouncedValue } from "@/lib/use-debounced-value";

const FILTER_LABELS: [RecipientFilter | "", string][] = [
  ["", "Everyone"],
  ["delivered", "Delivered"],
  ["opened", "Opened"],
  ["not_opened", "Did not open"],
  ["clicked", "Clicked"],
  ["bounced", "Bounced"],
  ["unsubscribed", "Unsubscribed"],
  ["complained", "Marked as spam"],
  ["suppressed", "Suppressed by rules"],
  ["failed", "Failed"],
  ["pending", "Not sent yet"],
];

const STATE: Record<RecipientState, { label: string; tone: BadgeTone }> = {
  complained: { label: "Marked as spam", tone: "red" },
  unsubscribed: { label: "Unsubscribed", tone: "amber" },
  bounced: { label: "Bounced", tone: "red" },
  clicked: { label: "Clicked", tone: "green" },
  opened: { label: "Opened", tone: "blue" },
  delivered: { label: "Delivered", tone: "neutral" },
  sent: { label: "Sent", tone: "neutral" },
  failed: { label: "Failed", tone: "red" },
  pending: { label: "Not sent yet", tone: "neutral" },
};

export function RecipientsCard({
  workspaceId,
  broadcastId,
  url,
  onClearUrl,
  variantLabel,
}: {
  workspaceId: string;
  broadcastId: string;
  /** Only the clickers of this link (a top link chosen on the report), or everyone. */
  url: string | null;
  onClearUrl: () => void;
  /** A/B broadcasts: the variant's letter for its id; null hides the column. */
  variantLabel: ((id: string) => string) | null;
}) {
  const [status, setStatus] = useState<RecipientFilter | "">("");
  const [search, setSearch] = useState("");
  const term = useDebouncedValue(search.trim());
  // The cursors of the pages seen, so Previous goes back without offsets; any change of selection starts over.
  const [cursors, setCursors] = useState<string[]>([]);
  const selection = { status: status || undefined, search: term || undefined, url: url ?? undefined };
  const selectionKey = JSON.stringify(selection);
  const [seenKey, setSeenKey] = useState(selectionKey);
  if (seenKey !== selectionKey) {
    setSeenKey(selectionKey);
    setCursors([]);
  }
  const cursor = cursors.at(-1);
  const query = useQuery({
    queryKey: queryKeys.broadcasts.recipients(workspaceId, broadcastId, { ...selection, cursor }),
    queryFn: async () => unwrap(await listBroadcastRecipientsAction({ id: broadcastId, ...selection, cursor })),
    placeholderData: keepPreviousData,
  });
  const page = query.data;
  const params = new URLSearchParams(
    Object.entries(selection).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  const filtered = Boolean(status || term || url);
  // The download is a copy of addresses leaving the workspace: the contacts export's right.
  const canExport = useCan("contacts.export");

  return (
    <Card className="min-w-0" data-testid="report-recipients">
      <CardHeader
        title="Recipients"
        description="Who got this email and what they did. A click counts as an open."
        actions={
          canExport && (
            <a
              href={`/api/dashboard/broadcasts/${broadcastId}/recipients/export?${params}`}
              download
              className={buttonClasses("secondary", "sm")}
            >
              <DownloadIcon />
              Export CSV
            </a>
          )
        }
      />
      <div className="flex flex-col gap-3 border-b border-slate-100 px-5 py-3 sm:flex-row sm:items-center">
        <label className="flex items-center gap-2 text-[13px] text-slate-600">
          <span className="whitespace-nowrap">Show</span>
          <Select
            value={status}
            onChange={(e) => setStatus(e.target.value as RecipientFilter | "")}
            className="h-8 w-auto text-[13px]"
            data-testid="recipients-filter"
          >
            {FILTER_LABELS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </label>
        <SearchInput
          value={search}
          onChange={setSearch}
          placeholder="Search address or name"
          label="Search recipients"
          className="sm:w-72"
          compact
        />
      </div>
      {url && (
        <p
          className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-100 bg-sky-50/60 px-5 py-2 text-[13px] text-slate-700"
          data-testid="recipients-link"
        >
          <span className="min-w-0 break-all">
            Who clicked <span className="font-mono text-xs">{url}</span>
          </span>
          <button type="button" className="font-medium text-brand-700 underline" onClick={onClearUrl}>
            Show everyone
          </button>
        </p>
      )}
      <QueryErrorNotice query={query} />
      <Table aria-busy={query.isFetching}>
        <caption className="sr-only">Recipients and what they did</caption>
        <THead>
          <tr>
            <TH>Recipient</TH>
            <TH>Status</TH>
            {variantLabel && <TH>Variant</TH>}
            <TH>Sent</TH>
            <TH>Opened</TH>
            <TH>Clicked</TH>
            <TH className="text-right">Opens</TH>
            <TH className="text-right">Clicks</TH>
          </tr>
        </THead>
        <TBody>
          {page?.data.map((r) => (
            <RecipientRow key={r.id} r={r} variantLabel={variantLabel} />
          ))}
        </TBody>
      </Table>
      {page && page.data.length === 0 && (
        <p className="px-5 py-6 text-center text-[13px] text-slate-500">
          {filtered ? "Nobody matches." : "No recipients yet."}
        </p>
      )}
      <nav
        aria-label="Recipient pages"
        className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 text-[13px] text-slate-500"
      >
        <span className="tabular-nums" aria-live="polite">
          Page {formatNumber(cursors.length + 1)}
        </span>
        <div className="flex gap-1">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setCursors((c) => c.slice(0, -1))}
            disabled={cursors.length === 0}
          >
            <ChevronLeftIcon className="size-3.5" />
            Previous
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => page?.nextCursor && setCursors((c) => [...c, page.nextCursor!])}
            disabled={!page?.nextCursor || query.isPlaceholderData}
          >
            Next
            <ChevronRightIcon className="size-3.5" />
          </Button>
        </div>
      </nav>
    </Card>
  );
}

function RecipientRow({
  r,
  variantLabel,
}: {
  r: BroadcastRecipientRow;
  variantLabel: ((id: string) => string) | null;
}) {
  const state = STATE[r.state];
  const when = (iso: string | null) => (iso ? <RelativeTime iso={iso} /> : <span className="text-slate-400">—</span>);
  return (
    <TR data-testid="recipient-row">
      <TD className="max-w-[18rem]">
        <span className="block truncate font-medium text-slate-900" title={r.email}>
          {r.email}
        </span>
        {r.name && (
          <span className="block truncate text-xs text-slate-500" title={r.name}>
            {r.name}
          </span>
        )}
      </TD>
      <TD className="whitespace-nowrap">
        <Badge tone={state.tone}>{state.label}</Badge>
        {r.state === "bounced" && r.bounceType && <span className="ml-1 text-xs text-slate-500">{r.bounceType}</span>}
        {r.suppressedBy && (
          <span className="mt-0.5 block text-xs text-slate-500" data-testid="suppressed-by">
            Suppressed by the {SUPPRESSED_BY[r.suppressedBy]}
          </span>
        )}
        {r.error && (
          <span className="mt-0.5 block max-w-[14rem] truncate text-xs text-slate-500" title={r.error}>
            {r.error}
          </span>
        )}
      </TD>
      {variantLabel && <TD>{r.variantId ? variantLabel(r.variantId) : "—"}</TD>}
      <TD className="whitespace-nowrap">{when(r.sentAt)}</TD>
      <TD className="whitespace-nowrap">{when(r.openedAt)}</TD>
      <TD className="whitespace-nowrap">{when(r.clickedAt)}</TD>
      <TD className="text-right tabular-nums">{formatNumber(r.opens)}</TD>
      <TD className="text-right tabular-nums">{formatNumber(r.clicks)}</TD>
    </TR>
  );
}
