"use client";
import type { Segment } from "@/lib/schemas/segments";
import { useCan } from "@/components/permissions/role-context";
import { actionsColumn, DataTable, linkColumn, RowAction, type ListTableProps } from "@/components/ui/data-table";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatNumber } from "@/lib/format";

const conditionCount = (s: Segment) =>
  s.rules.conditions.reduce((n, c) => n + (c.type === "group" ? c.conditions.length : 1), 0);

type Props = ListTableProps<Segment> & { onDelete: (s: Segment) => void };

export function SegmentTable({ onDelete, ...table }: Props) {
  const canWrite = useCan("audience.write");
  return (
    <DataTable
      {...table}
      columns={[
        linkColumn<Segment>({
          id: "name",
          header: "Name",
          // A name of 100 unbroken characters must not push Contacts out of the table: cut, in full on hover.
          className: "max-w-[12rem] sm:max-w-md",
          href: (segment) => `/segments/${segment.id}`,
          text: (segment) => segment.name,
          detail: (segment) => segment.description,
        }),
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
