"use client";
import { useId } from "react";
import type { CustomField } from "@/lib/schemas/custom-fields";
import { FieldError, Input, Label } from "@/components/ui/field";
import { Select } from "@/components/ui/select";

/** A stored value as the text its input shows; "" is no value. */
export function fieldValueToText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return String(value);
}

/**
 * Values go to the server as text (blank: null), which normalises them per type exactly as it does CSV cells, so
 * the dashboard cannot disagree with the API on what "1e3" or "yes" means.
 */
export function fieldTextsToValues(texts: Record<string, string>, keepBlank: boolean): Record<string, string | null> {
  const values: Record<string, string | null> = {};
  for (const [key, text] of Object.entries(texts)) {
    if (text.trim() !== "") values[key] = text;
    else if (keepBlank) values[key] = null;
  }
  return values;
}

type CustomFieldInputProps = {
  field: CustomField;
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

/** One custom field, its control chosen by type: text, number, date, yes/no or one of the options. */
export function CustomFieldInput({ field, value, onChange, error }: CustomFieldInputProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const common = { id, "aria-invalid": error ? true : undefined, "aria-describedby": errorId, className: "mt-1.5" };
  return (
    <div>
      <Label htmlFor={id}>{field.label}</Label>
      {field.type === "boolean" ? (
        <Select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Not set</option>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </Select>
      ) : field.type === "select" ? (
        <Select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Not set</option>
          {/* A value that is no longer an option still shows, so saving other fields does not silently drop it. */}
          {value && !field.options.includes(value) && <option value={value}>{value}</option>}
          {field.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Select>
      ) : (
        <Input
          {...common}
          type={field.type === "number" ? "number" : field.type === "date" ? "date" : "text"}
          step={field.type === "number" ? "any" : undefined}
          maxLength={field.type === "text" ? 1000 : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
