"use client";
import type { CustomField } from "@/lib/schemas/custom-fields";
import {
  IMPORT_ATTRIBUTE_LABELS,
  IMPORT_ATTRIBUTES,
  type ImportPreview,
  type ImportTarget,
} from "@/lib/schemas/imports";
import { Select } from "@/components/ui/select";

type ColumnMappingProps = {
  preview: ImportPreview;
  fields: CustomField[];
  mapping: Record<string, ImportTarget | null>;
  errors: Record<string, string>;
  onChange: (header: string, target: ImportTarget | null) => void;
  /** "Create custom field…" was picked for this column (omitted: the choice is not offered). */
  onCreateField?: (header: string, values: string[]) => void;
};

/** The select's value for "Create custom field…": not a target, it opens the dialog and the column stays as it was. */
const CREATE_FIELD = "__create_field__";

/** One row per column of the file: its header, a sample value and what it fills. */
export function ColumnMapping({ preview, fields, mapping, errors, onChange, onCreateField }: ColumnMappingProps) {
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {preview.headers.map((header, i) => {
        const sample = preview.preview.map((r) => r[i]).find((v) => v && v.trim());
        const selectId = `map-${i}`;
        const target = mapping[header] ?? null;
        const suggested = target !== null && preview.suggestedMapping[header] === target;
        return (
          <li key={header} className="grid items-center gap-2 px-4 py-3 sm:grid-cols-[1fr_1fr_14rem]">
            <label htmlFor={selectId} className="truncate text-sm font-medium text-slate-900" title={header}>
              {header}
            </label>
            <span className="truncate text-[13px] text-slate-500" title={sample}>
              {sample ? `e.g. ${sample}` : "No values in the preview"}
            </span>
            <div>
              <Select
                id={selectId}
                className="h-8 text-[13px]"
                aria-invalid={errors[header] ? true : undefined}
                aria-describedby={errors[header] ? `${selectId}-error` : undefined}
                value={target ?? ""}
                onChange={(e) => {
                  if (e.target.value !== CREATE_FIELD)
                    onChange(header, (e.target.value || null) as ImportTarget | null);
                  else
                    onCreateField?.(
                      header,
                      preview.preview.map((r) => r[i] ?? ""),
                    );
                }}
              >
                <option value="">Skip</option>
                {IMPORT_ATTRIBUTES.map((a) => (
                  <option key={a} value={a}>
                    {IMPORT_ATTRIBUTE_LABELS[a]}
                  </option>
                ))}
                {fields.length > 0 && (
                  <optgroup label="Custom fields">
                    {fields.map((f) => (
                      <option key={f.id} value={`field:${f.key}`}>
                        {f.label}
                      </option>
                    ))}
                  </optgroup>
                )}
                {onCreateField && <option value={CREATE_FIELD}>Create custom field…</option>}
              </Select>
              {suggested && !errors[header] && (
                <p className="mt-1 text-xs text-slate-500">Suggested from the column’s name</p>
              )}
              {errors[header] && (
                <p id={`${selectId}-error`} className="mt-1 text-[13px] text-red-600">
                  {errors[header]}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
