"use client";
import Link from "next/link";
import type { Form } from "@/lib/schemas/forms";
import { FORM_TYPE_LABELS, FormStatusBadge } from "@/components/forms/status-badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatNumber } from "@/lib/format";

/** Submissions per view in percent, as the analytics API computes it; "—" before the first view. */
export function conversionText(form: Pick<Form, "viewsCount" | "submissionsCount">): string {
  if (form.viewsCount === 0) return "—";
  return `${((form.submissionsCount / form.viewsCount) * 100).toFixed(1)}%`;
}

export function FormsTable({ forms }: { forms: Form[] }) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Name</TH>
          <TH>Status</TH>
          <TH className="text-right">Views</TH>
          <TH className="text-right">Submissions</TH>
          <TH className="text-right">Conversion</TH>
          <TH className="hidden lg:table-cell">When</TH>
        </tr>
      </THead>
      <TBody>
        {forms.map((f) => (
          <TR key={f.id} data-testid="form-row">
            <TD className="max-w-72">
              <Link
                href={`/forms/${f.id}`}
                className="block truncate rounded font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {f.name}
              </Link>
              <span className="block truncate text-[13px] text-slate-500">{FORM_TYPE_LABELS[f.type]}</span>
            </TD>
            <TD>
              <FormStatusBadge status={f.status} />
            </TD>
            <TD className="text-right tabular-nums">{formatNumber(f.viewsCount)}</TD>
            <TD className="text-right tabular-nums">
              <Link
                href={`/forms/${f.id}/submissions`}
                className="rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-label={`${formatNumber(f.submissionsCount)} submissions of ${f.name}`}
              >
                {formatNumber(f.submissionsCount)}
              </Link>
            </TD>
            <TD className="text-right text-slate-500 tabular-nums">{conversionText(f)}</TD>
            <TD className="hidden whitespace-nowrap text-slate-500 lg:table-cell">
              {f.publishedAt ? (
                <>
                  Published <RelativeTime iso={f.publishedAt} />
                </>
              ) : (
                <>
                  Created <RelativeTime iso={f.createdAt} />
                </>
              )}
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
