"use client";
import Link from "next/link";
import type { ReactNode } from "react";
import type { Segment } from "@/lib/schemas/segments";
import { useCan } from "@/components/permissions/role-context";
import { actionsColumn, DataTable, RowAction, rowLinkClasses, Truncate } from "@/components/ui/data-table";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatNumber } from "@/lib/format";

const conditionCount = (s: Segment) =>
  s.rules.conditions.reduce((n, c) => n + (c.type === "group" ? c.conditions.length : 1), 0);

type Props = { segments: Segment[]; stale: boolean; empty: ReactNode; onDelete: (s: Segment) => void };

export function SegmentTable({ segments, stale, empty, onDelete }: Props) {
  const canWrite = useCan("audience.write");
  return (
    <DataTable
      rows={segments}
      rowKey={(segment) => segment.id}
      stale={stale}
      empty={empty}
      columns={[
        {
          id: "name",
          header: "Name",
          // A name of 100 unbroken characters must not push Contacts out of the table: cut, in full on hover.
          className: "max-w-[12rem] sm:max-w-md",
          cell: (segment) => (
            <>
              <Link href={`/segments/${segment.id}`} title={segment.name} className={rowLinkClasses}>
                {segment.name}
              </Link>
              {segment.description && <Truncate text={segment.description} className="text-[13px] text-slate-500" />}
            </>
          ),
        },
        {
          // A plain figure: the segment's page links its contacts, and one link per row reads better.
          id: "contacts",
          header: "Contacts",
          align: "right",
          className: "tabular-nums",
          cell: (segment) => formatNumber(segment.contactCount),
        },
        {
          id: "conditions",
          header: "Conditions",
          hideBelow: "sm",
          className: "text-slate-500",
          cell: conditionCount,
        },
        {
          id: "updated",
          header: "Updated",
          hideBelow: "md",
          className: "whitespace-nowrap text-slate-500",
          cell: (segment) => <RelativeTime iso={segment.updatedAt} />,
        },
        canWrite &&
          actionsColumn((segment: Segment) => (
            <RowAction danger onClick={() => onDelete(segment)} aria-label={`Delete ${segment.name}`}>
              Delete
            </RowAction>
          )),
      ]}
    />
  );
}
