"use client";
import type { Tag } from "@/lib/schemas/tags";
import { useCan } from "@/components/permissions/role-context";
import { actionsColumn, DataTable, RowAction, Truncate, type ListTableProps } from "@/components/ui/data-table";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatNumber } from "@/lib/format";

type TagTableProps = ListTableProps<Tag> & {
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
};

/** Not yet confirmed by the server: it has no real id to edit or delete. */
const saving = (tag: Tag) => tag.id.startsWith("optimistic-");

export function TagTable({ onEdit, onDelete, ...table }: TagTableProps) {
  const canWrite = useCan("audience.write");
  return (
    <DataTable
      {...table}
      dimmed={saving}
      columns={[
        {
          id: "name",
          header: "Name",
          className: "max-w-[12rem] sm:max-w-md",
          cell: (tag) => (
            <span className="flex min-w-0 items-center gap-2.5">
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-full ring-1 ring-black/10 ring-inset"
                style={{ backgroundColor: tag.color }}
              />
              <Truncate text={tag.name} className="font-medium text-slate-900" />
            </span>
          ),
        },
        {
          id: "count",
          header: "Contacts",
          align: "right",
          className: "tabular-nums",
          cell: (tag) => formatNumber(tag.count),
        },
        {
          id: "created",
          header: "Created",
          hideBelow: "sm",
          className: "whitespace-nowrap text-slate-500",
          cell: (tag) => <RelativeTime iso={tag.createdAt} />,
        },
        canWrite &&
          actionsColumn((tag: Tag) => (
            <>
              <RowAction onClick={() => onEdit(tag)} disabled={saving(tag)}>
                Edit
              </RowAction>
              <RowAction danger onClick={() => onDelete(tag)} disabled={saving(tag)}>
                Delete
              </RowAction>
            </>
          )),
      ]}
    />
  );
}
