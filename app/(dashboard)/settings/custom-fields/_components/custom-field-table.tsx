"use client";
import type { CustomField } from "@/lib/schemas/custom-fields";
import { Badge } from "@/components/ui/badge";
import { useCan } from "@/components/permissions/role-context";
import { actionsColumn, DataTable, RowAction, Truncate } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { TYPE_LABELS } from "./custom-field-dialog";

type TableProps = { fields: CustomField[]; onEdit: (f: CustomField) => void; onDelete: (f: CustomField) => void };

const saving = (field: CustomField) => field.id.startsWith("optimistic-");

export function CustomFieldTable({ fields, onEdit, onDelete }: TableProps) {
  const canWrite = useCan("audience.write");
  return (
    <DataTable
      rows={fields}
      dimmed={saving}
      empty={
        <EmptyState
          title="No custom fields yet"
          description={
            canWrite
              ? "Add fields such as Plan, Company or Birthday to store them on each contact."
              : "Fields your team adds, such as Plan or Company, show here."
          }
        />
      }
      columns={[
        {
          id: "label",
          header: "Label",
          className: "max-w-[12rem] font-medium text-slate-900 sm:max-w-xs",
          cell: (field) => <Truncate text={field.label} />,
        },
        {
          id: "key",
          header: "Key",
          // A key is up to 50 characters: cut to the cell like the label, in full on hover, so a long one cannot push
          // Edit and Delete past the card's edge.
          className: "max-w-[10rem] sm:max-w-[14rem]",
          cell: (field) => (
            <Truncate text={field.key}>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[12px] text-slate-700">
                {field.key}
              </code>
            </Truncate>
          ),
        },
        {
          id: "type",
          header: "Type",
          className: "whitespace-nowrap",
          cell: (field) => TYPE_LABELS[field.type].replace(/ \(.*\)$/, ""),
        },
        {
          id: "options",
          header: "Options",
          hideBelow: "md",
          className: "max-w-xs",
          cell: (field) =>
            field.options.length === 0 ? (
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
            ),
        },
        canWrite &&
          actionsColumn((field: CustomField) => (
            <>
              <RowAction onClick={() => onEdit(field)} disabled={saving(field)} aria-label={`Edit ${field.label}`}>
                Edit
              </RowAction>
              <RowAction
                danger
                onClick={() => onDelete(field)}
                disabled={saving(field)}
                aria-label={`Delete ${field.label}`}
              >
                Delete
              </RowAction>
            </>
          )),
      ]}
    />
  );
}
