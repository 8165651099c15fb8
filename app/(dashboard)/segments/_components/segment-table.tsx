"use client";
import Link from "next/link";
import type { Segment } from "@/lib/schemas/segments";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/permissions/role-context";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatNumber } from "@/lib/format";

const conditionCount = (s: Segment) =>
  s.rules.conditions.reduce((n, c) => n + (c.type === "group" ? c.conditions.length : 1), 0);

export function SegmentTable({ segments, onDelete }: { segments: Segment[]; onDelete: (s: Segment) => void }) {
  const canWrite = useCan("audience.write");
  return (
    <Table>
      <THead>
        <tr>
          <TH>Name</TH>
          <TH className="text-right">Contacts</TH>
          <TH className="hidden sm:table-cell">Conditions</TH>
          <TH className="hidden md:table-cell">Updated</TH>
          {canWrite && (
            <TH>
              <span className="sr-only">Actions</span>
            </TH>
          )}
        </tr>
      </THead>
      <TBody>
        {segments.map((segment) => (
          <TR key={segment.id}>
            {/* A name of 100 unbroken characters must not push Contacts out of the table: cut, in full on hover. */}
            <TD className="max-w-[12rem] sm:max-w-md">
              <Link
                href={`/segments/${segment.id}`}
                title={segment.name}
                className="block truncate rounded font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {segment.name}
              </Link>
              {segment.description && (
                <p className="truncate text-[13px] text-slate-500" title={segment.description}>
                  {segment.description}
                </p>
              )}
            </TD>
            {/* A plain figure: the segment's page links its contacts, and one link per row reads better. */}
            <TD className="text-right tabular-nums">{formatNumber(segment.contactCount)}</TD>
            <TD className="hidden text-slate-500 sm:table-cell">{conditionCount(segment)}</TD>
            <TD className="hidden whitespace-nowrap text-slate-500 md:table-cell">
              <RelativeTime iso={segment.updatedAt} />
            </TD>
            {canWrite && (
              <TD className="w-px text-right whitespace-nowrap">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onDelete(segment)}
                  aria-label={`Delete ${segment.name}`}
                  className="text-red-600 hover:bg-red-50 hover:text-red-700"
                >
                  Delete
                </Button>
              </TD>
            )}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
