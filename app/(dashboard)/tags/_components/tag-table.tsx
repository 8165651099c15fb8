"use client";
import clsx from "clsx";
import type { Tag } from "@/lib/schemas/tags";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/permissions/role-context";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatNumber } from "@/lib/format";

type TagTableProps = { tags: Tag[]; onEdit: (tag: Tag) => void; onDelete: (tag: Tag) => void };

export function TagTable({ tags, onEdit, onDelete }: TagTableProps) {
  const canWrite = useCan("audience.write");
  return (
    <Table>
      <THead>
        <tr>
          <TH>Name</TH>
          <TH className="text-right">Contacts</TH>
          <TH className="hidden sm:table-cell">Created</TH>
          {canWrite && (
            <TH>
              <span className="sr-only">Actions</span>
            </TH>
          )}
        </tr>
      </THead>
      <TBody>
        {tags.map((tag) => {
          // Not yet confirmed by the server: it has no real id to edit or delete.
          const saving = tag.id.startsWith("optimistic-");
          return (
            <TR key={tag.id} className={clsx(saving && "opacity-60")}>
              <TD className="max-w-[12rem] sm:max-w-md">
                <span className="flex min-w-0 items-center gap-2.5">
                  <span
                    aria-hidden="true"
                    className="size-3 shrink-0 rounded-full ring-1 ring-black/10 ring-inset"
                    style={{ backgroundColor: tag.color }}
                  />
                  <span className="truncate font-medium text-slate-900" title={tag.name}>
                    {tag.name}
                  </span>
                </span>
              </TD>
              <TD className="text-right tabular-nums">{formatNumber(tag.count)}</TD>
              <TD className="hidden whitespace-nowrap text-slate-500 sm:table-cell">
                <RelativeTime iso={tag.createdAt} />
              </TD>
              {canWrite && (
                <TD className="w-px text-right whitespace-nowrap">
                  <Button variant="ghost" size="sm" onClick={() => onEdit(tag)} disabled={saving}>
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onDelete(tag)}
                    disabled={saving}
                    className="text-red-600 hover:bg-red-50 hover:text-red-700"
                  >
                    Delete
                  </Button>
                </TD>
              )}
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
