"use client";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import clsx from "clsx";
import type { FormField } from "@/lib/schemas/forms";
import {
  canAdd,
  FIELD_TYPE_LABELS,
  fieldSummary,
  moveItem,
  newField,
  type AddableFieldType,
} from "../model/form-draft";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { errorUnder } from "../model/form-errors";
import type { PanelProps } from "./builder-context";
import { FieldEditor } from "./field-editor";

const ADDABLE: { type: Exclude<AddableFieldType, "custom">; label: string }[] = [
  { type: "first_name", label: "First name" },
  { type: "last_name", label: "Last name" },
  { type: "checkbox", label: "Checkbox" },
  { type: "consent", label: "Consent" },
  { type: "hidden", label: "Hidden" },
];

/**
 * The field list: reorder by dragging a row's handle (mouse) or with its Move up / Move down buttons (keyboard,
 * announced in a live region), add built-in, custom, checkbox, consent and hidden fields, edit one at a time.
 */
export function FieldsPanel({ draft, change, errors, lists }: PanelProps) {
  const customId = useId();
  const fields = draft.fields;
  const [open, setOpen] = useState<number | null>(null);
  // Stable row keys that follow the rows as they move (a field's name is editable, so it cannot be the key).
  const [keys, setKeys] = useState<number[]>(() => fields.map((_, i) => i));
  if (keys.length !== fields.length) setKeys(fields.map((_, i) => i)); // replaced from outside (discard, save)
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [customKey, setCustomKey] = useState("");
  const setFields = (next: FormField[]) => change({ fields: next });

  // React may move the DOM row that holds the focused Move button, which drops focus; put it back on the moved
  // row's button (the other direction's once the row reaches an end), so keyboard users can keep moving.
  const list = useRef<HTMLOListElement>(null);
  const refocus = useRef<{ key: number; dir: "up" | "down" } | null>(null);
  useEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const button = (dir: string) =>
      list.current?.querySelector<HTMLButtonElement>(`[data-move="${target.key}:${dir}"]:not(:disabled)`);
    (button(target.dir) ?? button(target.dir === "up" ? "down" : "up"))?.focus();
  });

  const move = (from: number, to: number, viaKeyboard = false) => {
    const field = fields[from];
    const next = moveItem(fields, from, to);
    if (next === fields || !field) return;
    setFields(next);
    setKeys(moveItem(keys, from, to));
    const moved = next.indexOf(field);
    setOpen((o) => (o === from ? moved : null));
    const key = keys[from];
    if (viaKeyboard && key !== undefined) refocus.current = { key, dir: to < from ? "up" : "down" };
    setAnnouncement(`${fieldSummary(field)} moved to position ${moved + 1} of ${next.length}.`);
  };

  const add = (type: AddableFieldType) => {
    const custom = type === "custom" ? lists.customFields.find((c) => c.key === customKey) : undefined;
    const field = newField(fields, type, custom);
    setFields([...fields, field]);
    setKeys([...keys, Math.max(-1, ...keys) + 1]);
    setOpen(fields.length);
    setCustomKey("");
    setAnnouncement(`${FIELD_TYPE_LABELS[type]} field added at position ${fields.length + 1}.`);
  };

  const remove = (index: number) => {
    const field = fields[index];
    if (!field) return;
    setAnnouncement(`${fieldSummary(field)} removed.`);
    setFields(fields.filter((_, i) => i !== index));
    setKeys(keys.filter((_, i) => i !== index));
    setOpen(null);
  };

  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragging !== null) move(dragging, index);
    setDragging(null);
    setOver(null);
  };

  const unusedCustom = lists.customFields.filter((c) => canAdd(fields, "custom", c.key));
  return (
    <div className="space-y-5">
      <FieldError>{errors.fields}</FieldError>
      <ol ref={list} aria-label="Fields in display order" className="space-y-2">
        {fields.map((field, i) => {
          const expanded = open === i;
          const rowError = errorUnder(errors, `fields/${i}`);
          return (
            <li
              key={keys[i]}
              data-testid="builder-field"
              onDragOver={(e) => (e.preventDefault(), setOver(i))}
              onDragLeave={() => setOver((o) => (o === i ? null : o))}
              onDrop={(e) => drop(e, i)}
              className={clsx(
                "rounded-lg border bg-white",
                rowError ? "border-red-300" : "border-slate-200",
                over === i && dragging !== null && dragging !== i && "ring-2 ring-brand-400",
                dragging === i && "opacity-50",
              )}
            >
              <div className="flex items-center gap-2 px-2 py-1.5">
                <span
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer.effectAllowed = "move";
                    e.dataTransfer.setData("text/plain", String(i));
                    setDragging(i);
                  }}
                  onDragEnd={() => (setDragging(null), setOver(null))}
                  title="Drag to reorder"
                  aria-hidden="true"
                  className="cursor-grab px-1 text-slate-400 select-none active:cursor-grabbing"
                >
                  ⋮⋮
                </span>
                <button
                  type="button"
                  aria-expanded={expanded}
                  onClick={() => setOpen(expanded ? null : i)}
                  className="min-w-0 flex-1 rounded text-left focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="block truncate text-sm font-medium text-slate-900">{fieldSummary(field)}</span>
                  <span className="block text-xs text-slate-500">
                    {FIELD_TYPE_LABELS[field.type]}
                    {"required" in field && field.required ? " · required" : ""}
                  </span>
                </button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => move(i, i - 1, true)}
                  data-move={`${keys[i]}:up`}
                  disabled={i === 0}
                  aria-label={`Move ${fieldSummary(field)} up`}
                >
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => move(i, i + 1, true)}
                  data-move={`${keys[i]}:down`}
                  disabled={i === fields.length - 1}
                  aria-label={`Move ${fieldSummary(field)} down`}
                >
                  ↓
                </Button>
                {field.type !== "email" && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => remove(i)}
                    aria-label={`Remove ${fieldSummary(field)}`}
                  >
                    ✕
                  </Button>
                )}
              </div>
              {rowError && !expanded && <p className="px-3 pb-2 text-[13px] text-red-600">{rowError}</p>}
              {expanded && (
                <div className="border-t border-slate-100 px-3 py-3">
                  <FieldEditor
                    field={field}
                    index={i}
                    errors={errors}
                    lists={lists}
                    onChange={(next) => setFields(fields.map((f, j) => (j === i ? next : f)))}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <div role="group" aria-labelledby={`${customId}-add`}>
        <p id={`${customId}-add`} className="text-sm font-medium text-slate-800">
          Add a field
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {ADDABLE.map(({ type, label }) => (
            <Button
              key={type}
              variant="secondary"
              size="sm"
              disabled={!canAdd(fields, type)}
              onClick={() => add(type)}
              aria-label={`Add ${label.toLowerCase()} field`}
            >
              + {label}
            </Button>
          ))}
        </div>
        <div className="mt-3 flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={customId} className="mb-1 block text-xs font-medium text-slate-600">
              Custom field
            </label>
            <Select id={customId} value={customKey} onChange={(e) => setCustomKey(e.target.value)}>
              <option value="">
                {lists.customFields.length === 0
                  ? "No custom fields yet (Settings → Custom fields)"
                  : unusedCustom.length === 0
                    ? "All custom fields are on the form"
                    : "Choose a custom field…"}
              </option>
              {unusedCustom.map((c) => (
                <option key={c.id} value={c.key}>
                  {c.label} ({c.key})
                </option>
              ))}
            </Select>
          </div>
          <Button variant="secondary" disabled={!canAdd(fields, "custom", customKey)} onClick={() => add("custom")}>
            Add
          </Button>
        </div>
      </div>
    </div>
  );
}
