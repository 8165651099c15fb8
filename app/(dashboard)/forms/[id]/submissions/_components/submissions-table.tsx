"use client";
import Link from "next/link";
import type { FormField, FormSubmission } from "@/lib/schemas/forms";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { columnLabel, valueColumns, valueText } from "@/components/forms/submissions/submission-cells";

// The contact's status now (contactStatus): "pending" means the confirmation email is out and not yet clicked; once
// the person confirms, every submission of theirs shows "Subscribed". audienceStatus (at submission) is in the tooltip.
const AUDIENCE: Record<string, { label: string; tone: BadgeTone }> = {
  subscribed: { label: "Subscribed", tone: "green" },
  pending: { label: "Pending confirmation", tone: "amber" },
  unsubscribed: { label: "Unsubscribed", tone: "neutral" },
  bounced: { label: "Bounced", tone: "red" },
  complained: { label: "Complained", tone: "red" },
};

const labelOf = (status: string) => AUDIENCE[status]?.label ?? status;

export function AudienceBadge({ status, atSubmission }: { status: string; atSubmission?: string }) {
  const title =
    atSubmission && atSubmission !== status ? `${labelOf(atSubmission)} when submitted` : "The contact's status now";
  return (
    <span title={title}>
      <Badge tone={AUDIENCE[status]?.tone ?? "neutral"}>{labelOf(status)}</Badge>
    </span>
  );
}

export function SubmissionsTable({ fields, submissions }: { fields: FormField[]; submissions: FormSubmission[] }) {
  const columns = valueColumns(fields);
  return (
    <Table data-testid="submissions-table">
      <THead>
        <tr>
          <TH>Submitted</TH>
          <TH>Email</TH>
          <TH>Status</TH>
          {columns.map((f) => (
            <TH key={f.name} title={f.name}>
              {columnLabel(f)}
            </TH>
          ))}
          <TH>Source</TH>
          <TH>Device</TH>
        </tr>
      </THead>
      <TBody>
        {submissions.map((s) => (
          <TR key={s.id} data-testid="submission-row">
            <TD className="whitespace-nowrap text-slate-500">
              <RelativeTime iso={s.submittedAt} />
            </TD>
            <TD className="max-w-64">
              <Link
                href={`/contacts/${s.contactId}`}
                className="block truncate rounded font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                title={s.contactEmail}
              >
                {s.contactEmail}
              </Link>
            </TD>
            <TD>
              <AudienceBadge status={s.contactStatus} atSubmission={s.audienceStatus} />
            </TD>
            {columns.map((f) => {
              const text = valueText(f, s.data[f.name]);
              return (
                <TD key={f.name} className="max-w-56 truncate" title={text}>
                  {text}
                </TD>
              );
            })}
            <TD className="max-w-44 truncate text-slate-500" title={s.referrer ?? undefined}>
              {s.source}
            </TD>
            <TD className="whitespace-nowrap text-slate-500">{s.device}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
