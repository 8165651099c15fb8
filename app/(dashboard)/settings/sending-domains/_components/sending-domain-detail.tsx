"use client";
// One sending domain: its status, the four records to publish (each with why, its status and what was found, and a
// copy button for host and value), "Check now" and delete. On a phone each record is a block of its own rather than
// a table row (same elements, explicit table roles), so a 400-character DKIM key wraps instead of widening the page.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { RefreshIcon, TrashIcon } from "@/components/ui/icons";
import { Notice } from "@/components/ui/notice";
import { RelativeTime } from "@/components/ui/relative-time";
import { useToast } from "@/components/ui/toast";
import { useAction } from "@/components/ui/use-action";
import { useCan } from "@/components/permissions/role-context";
import type { DnsRecordToPublish, SendingDomainView } from "@/lib/deliverability/sending-domains";
import { checkSendingDomainAction, deleteSendingDomainAction } from "../actions";
import { DomainStatusBadge, domainStatusText, RecordStatusBadge } from "./domain-status";

const listOf = (names: string[]) =>
  names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

const RECORD_NAMES: Record<DnsRecordToPublish["key"], string> = {
  dkim: "DKIM key",
  bounce: "Bounce domain",
  spf: "SPF",
  dmarc: "DMARC",
};

export function SendingDomainDetail({ initial }: { initial: SendingDomainView }) {
  const canEdit = useCan("workspaceSettings");
  const router = useRouter();
  const toast = useToast();
  const [domain, setDomain] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const check = useAction(checkSendingDomainAction);
  const remove = useAction(deleteSendingDomainAction);

  const checkNow = async () => {
    const checked = await check.run({ id: domain.id });
    if (checked) setDomain(checked);
  };
  const confirmDelete = async () => {
    if (!(await remove.run({ id: domain.id }))) return; // the dialog shows why
    toast.success(`Deleted ${domain.domain}.`);
    router.push("/settings/sending-domains");
    router.refresh();
  };
  const warnings = domain.records.filter(
    (r) => !r.required && r.value && r.check && r.check.status !== "verified" && r.check.status !== "error",
  );

  return (
    <div className="space-y-6">
      <BackLink href="/settings/sending-domains">Sending domains</BackLink>
      <Card>
        <CardHeader
          title={
            <span className="flex flex-wrap items-center gap-2">
              <span className="break-all">{domain.domain}</span>
              <DomainStatusBadge status={domain.status} />
            </span>
          }
          description={
            <span aria-live="polite">
              {domain.lastCheckedAt ? (
                <>
                  Last checked <RelativeTime iso={domain.lastCheckedAt} />
                </>
              ) : (
                "Not checked yet"
              )}
              {check.pending && " · Checking…"}
            </span>
          }
          actions={
            canEdit && (
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={checkNow} loading={check.pending}>
                  {!check.pending && <RefreshIcon />}
                  {check.pending ? "Checking…" : "Check now"}
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(true)}>
                  <TrashIcon />
                  Delete
                </Button>
              </div>
            )
          }
        />
        <CardBody className="space-y-3">
          {check.error && <Notice tone="error">{check.error}</Notice>}
          <Notice tone={domain.status === "verified" ? "success" : domain.status === "failing" ? "error" : "warning"}>
            {domainStatusText(domain.status, domain.domain)}
          </Notice>
          {domain.status === "verified" && warnings.length > 0 && (
            <Notice tone="warning">
              Also recommended: the {listOf(warnings.map((w) => RECORD_NAMES[w.key]))}{" "}
              {warnings.length === 1 ? "record" : "records"} below, as each one&apos;s note says.
            </Notice>
          )}
          <p className="text-[13px] text-slate-500">
            Add these records at your DNS provider. Some providers add {domain.domain} to the host by themselves: then
            enter only the part before it (for example <code className="font-mono">_dmarc</code>). DNS changes can take
            up to an hour to show; Sendwell checks again every day.
          </p>
        </CardBody>
        <RecordsTable records={domain.records} />
      </Card>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={confirmDelete}
        pending={remove.pending}
        error={remove.error}
        title={`Delete ${domain.domain}?`}
        description={`Its DKIM key is deleted: mail from ${domain.domain} goes out unsigned by Sendwell from now on. Remove its records from your DNS too; adding the domain again creates a new key and new records.`}
        confirmLabel="Delete domain"
      />
    </div>
  );
}

const cell = "block px-5 py-1 md:table-cell md:py-3 md:align-top";
/** Shown on a phone only, where there is no header row; the column header names the cell for screen readers. */
const phoneLabel = "mb-0.5 block text-xs font-medium tracking-wide text-slate-500 uppercase md:hidden";

function RecordsTable({ records }: { records: DnsRecordToPublish[] }) {
  return (
    <div role="table" aria-label="DNS records to publish" className="text-sm md:table md:w-full">
      <div role="rowgroup" className="sr-only md:not-sr-only md:table-header-group md:border-b md:border-slate-200">
        <div role="row" className="md:table-row md:bg-slate-50/70">
          {["Record", "Host", "Value", "Status"].map((h) => (
            <span
              key={h}
              role="columnheader"
              className="px-5 py-2.5 text-left text-xs font-medium tracking-wide whitespace-nowrap text-slate-500 uppercase md:table-cell"
            >
              {h}
            </span>
          ))}
        </div>
      </div>
      <div role="rowgroup" className="divide-y divide-slate-100 md:table-row-group">
        {records.map((r) => (
          <div key={r.key} role="row" data-testid={`record-${r.key}`} className="block py-3 md:table-row md:py-0">
            <div role="cell" className={`${cell} md:w-56`}>
              <span className="font-medium text-slate-900">{RECORD_NAMES[r.key]}</span>{" "}
              <span className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-700">{r.type}</span>
              {!r.required && <span className="ml-1 text-xs text-slate-500">optional</span>}
              <p className="mt-1 text-[13px] text-slate-500">{r.why}</p>
            </div>
            <div role="cell" className={`${cell} md:w-64`}>
              <span className={phoneLabel} aria-hidden>
                Host
              </span>
              <code className="block font-mono text-[13px] break-all text-slate-800">{r.host}</code>
              <CopyButton value={r.host} label="Copy host" variant="ghost" className="mt-1 -ml-2" />
            </div>
            <div role="cell" className={cell}>
              <span className={phoneLabel} aria-hidden>
                Value
              </span>
              {r.value ? (
                <>
                  <code className="block max-w-[60ch] font-mono text-[13px] break-all text-slate-800">{r.value}</code>
                  {r.priority !== undefined && (
                    <span className="block text-[13px] text-slate-500">Priority {r.priority}</span>
                  )}
                  <CopyButton value={r.value} label="Copy value" variant="ghost" className="mt-1 -ml-2" />
                </>
              ) : (
                <span className="text-[13px] text-slate-500">Nothing to publish</span>
              )}
            </div>
            <div role="cell" className={`${cell} md:w-56`}>
              <span className={phoneLabel} aria-hidden>
                Status
              </span>
              <RecordStatusBadge record={r} />
              {r.check?.detail && <p className="mt-1 text-[13px] text-slate-600">{r.check.detail}</p>}
              {r.check && r.check.status === "wrong" && r.check.found.length > 0 && (
                <div className="mt-1 text-[13px] text-slate-600">
                  Found:
                  {r.check.found.map((f, i) => (
                    <code key={i} className="mt-0.5 block font-mono break-all text-slate-800">
                      {f}
                    </code>
                  ))}
                </div>
              )}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
