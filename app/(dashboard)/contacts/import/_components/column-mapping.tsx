"use client";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { ImportPreview, ImportTarget } from "@/lib/schemas/imports";
import { Select } from "@/components/ui/select";

type ColumnMappingProps = {
  preview: ImportPreview;
  fields: CustomField[];
  mapping: Record<string, ImportTarget | null>;
  errors: Record<string, string>;
  onChange: (header: string, target: ImportTarget | null) => void;
};

const ATTRIBUTES: { value: ImportTarget; label: string }[] = [
  { value: "email", label: "Email" },
  { value: "firstName", label: "First name" },
  { value: "lastName", label: "Last name" },
  { value: "timezone", label: "Time zone" },
];

/** One row per column of the file: its header, a sample value and what it fills. */
export function ColumnMapping({ preview, fields, mapping, errors, onChange }: ColumnMappingProps) {
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {preview.headers.map((header, i) => {
        const sample = preview.preview.map((r) => r[i]).find((v) => v && v.trim());
        const selectId = `map-${i}`;
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
                value={mapping[header] ?? ""}
                onChange={(e) => onChange(header, (e.target.value || null) as ImportTarget | null)}
              >
                <option value="">Skip</option>
                {ATTRIBUTES.map((a) => (
                  <option key={a.value} value={a.value}>
                    {a.label}
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
              </Select>
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
