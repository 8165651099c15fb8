"use client";
import { useId, useRef, useState } from "react";
import type { CustomField } from "@/lib/schemas/custom-fields";
import { buttonClasses } from "@/components/ui/button-classes";
import { useDismiss } from "@/components/ui/use-dismiss";
import { BUILT_IN_COLUMNS } from "../_lib/use-columns";
import { ColumnsIcon } from "@/components/ui/icons";

type ColumnChooserProps = { columns: string[]; fields: CustomField[]; onChange: (columns: string[]) => void };

/** A disclosure of checkboxes (not a menu): each one toggles a column and the panel stays open for the next. */
export function ColumnChooser({ columns, fields, onChange }: ColumnChooserProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useDismiss(open, () => setOpen(false), container, trigger);
  const options = [
    ...BUILT_IN_COLUMNS.map((c) => ({ id: c.id as string, label: c.label })),
    ...fields.map((f) => ({ id: `field:${f.key}`, label: f.label })),
  ];
  const toggle = (id: string) => onChange(columns.includes(id) ? columns.filter((c) => c !== id) : [...columns, id]);
  return (
    <div ref={container} className="relative">
      {/* A native button: the trigger needs a ref so Escape can return focus to it. */}
      <button
        ref={trigger}
        type="button"
        className={buttonClasses("secondary")}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <ColumnsIcon className="size-3.5" />
        Columns
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute right-0 z-30 mt-1 max-h-96 w-56 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <fieldset>
            <legend className="px-2 pt-1 pb-1.5 text-xs font-medium text-slate-500">Show columns</legend>
            <label className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-400">
              <input type="checkbox" checked disabled className="size-4 rounded border-slate-300" />
              Email
            </label>
            {options.map((option) => (
              <label
                key={option.id}
                className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  checked={columns.includes(option.id)}
                  onChange={() => toggle(option.id)}
                  className="size-4 rounded border-slate-300 accent-brand-600"
                />
                <span className="truncate">{option.label}</span>
              </label>
            ))}
          </fieldset>
        </div>
      )}
    </div>
  );
}
