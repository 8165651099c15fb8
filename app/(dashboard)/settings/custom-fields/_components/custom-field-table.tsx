"use client";
import clsx from "clsx";
import type { CustomField } from "@/lib/schemas/custom-fields";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/permissions/role-context";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { TYPE_LABELS } from "./custom-field-dialog";

type TableProps = { fields: CustomField[]; onEdit: (f: CustomField) => void; onDelete: (f: CustomField) => void };

export function CustomFieldTable({ fields, onEdit, onDelete }: TableProps) {
  const canWrite = useCan("audience.write");
  return (
    <Table>
      <THead>
        <tr>
          <TH>Label</TH>
          <TH>Key</TH>
          <TH>Type</TH>
          <TH className="hidden md:table-cell">Options</TH>
          {canWrite && (
            <TH>
              <span className="sr-only">Actions</span>
            </TH>
          )}
        </tr>
      </THead>
      <TBody>
        {fields.map((field) => {
          const saving = field.id.startsWith("optimistic-");
          return (
            <TR key={field.id} className={clsx(saving && "opacity-60")}>
              <TD className="font-medium text-slate-900">{field.label}</TD>
              <TD>
                <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[12px] text-slate-700">
                  {field.key}
                </code>
              </TD>
              <TD className="whitespace-nowrap">{TYPE_LABELS[field.type].replace(/ \(.*\)$/, "")}</TD>
              <TD className="hidden max-w-xs md:table-cell">
                {field.options.length === 0 ? (
                  <span className="text-slate-400">—</span>
                ) : (
                  <span className="flex flex-wrap gap-1">
                    {field.options.slice(0, 6).map((o) => (
                      <Badge key={o}>{o}</Badge>
                    ))}
                    {field.options.length > 6 && (
                      <span className="text-xs text-slate-500">+{field.options.length - 6} more</span>
                    )}
                  </span>
                )}
              </TD>
              {canWrite && (
                <TD className="w-px text-right whitespace-nowrap">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onEdit(field)}
                    disabled={saving}
                    aria-label={`Edit ${field.label}`}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onDelete(field)}
                    disabled={saving}
                    aria-label={`Delete ${field.label}`}
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
