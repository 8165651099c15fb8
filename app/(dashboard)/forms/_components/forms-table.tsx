"use client";
import Link from "next/link";
import type { Form } from "@/lib/schemas/forms";
import { FORM_TYPE_LABELS, FormStatusBadge } from "@/components/forms/status-badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { DataTable, linkColumn, type ListTableProps, type SortState } from "@/components/ui/data-table";
import { formatNumber } from "@/lib/format";

/** Submissions per view in percent, as the analytics API computes it; "—" before the first view. */
export function conversionText(form: Pick<Form, "viewsCount" | "submissionsCount">): string {
  if (form.viewsCount === 0) return "—";
  return `${((form.submissionsCount / form.viewsCount) * 100).toFixed(1)}%`;
}

type FormsTableProps = ListTableProps<Form> & {
  /** The server sorts: the headers show its order and ask it for another one. */
  sort: SortState;
  onSortChange: (sort: SortState) => void;
};

export function FormsTable(props: FormsTableProps) {
  return (
    <DataTable
      {...props}
      rowProps={() => ({ "data-testid": "form-row" })}
      columns={[
        linkColumn<Form>({
          id: "name",
          header: "Name",
          sortable: true,
          className: "max-w-72",
          href: (f) => `/forms/${f.id}`,
          text: (f) => f.name,
          detail: (f) => FORM_TYPE_LABELS[f.type],
        }),
        { id: "status", header: "Status", cell: (f) => <FormStatusBadge status={f.status} /> },
        {
          id: "views",
          header: "Views",
          align: "right",
          className: "tabular-nums",
          cell: (f) => formatNumber(f.viewsCount),
        },
        {
          id: "submissionsCount",
          header: "Submissions",
          sortable: true,
          firstDirection: "desc",
          align: "right",
          className: "tabular-nums",
          cell: (f) => (
            <Link
              href={`/forms/${f.id}/submissions`}
              className="rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              aria-label={`${formatNumber(f.submissionsCount)} submissions of ${f.name}`}
            >
              {formatNumber(f.submissionsCount)}
            </Link>
          ),
        },
        {
          id: "conversion",
          header: "Conversion",
          align: "right",
          className: "text-slate-500 tabular-nums",
          cell: conversionText,
        },
        {
          id: "when",
          header: "When",
          hideBelow: "lg",
          className: "whitespace-nowrap text-slate-500",
          cell: (f) =>
            f.publishedAt ? (
              <>
                Published <RelativeTime iso={f.publishedAt} />
              </>
            ) : (
              <>
                Created <RelativeTime iso={f.createdAt} />
              </>
            ),
        },
      ]}
    />
  );
}
