"use client";
// The pieces every builder panel repeats: a titled section, a checkbox row, a row of radios. One home each, so the
// settings, display, confirmation, style and field panels look and behave alike.
import clsx from "clsx";
import type { ReactNode } from "react";

/** A titled group of a panel: a fieldset whose legend names it (and an optional line under it), controls below. */
export function PanelSection(props: { title: string; description?: ReactNode; children: ReactNode }) {
  const { title, description, children } = props;
  return (
    <fieldset className="space-y-3">
      <legend className={clsx(description ? "mb-1" : "mb-2", "text-sm font-semibold text-slate-900")}>{title}</legend>
      {description && <p className="text-[13px] text-slate-500">{description}</p>}
      {children}
    </fieldset>
  );
}

/** A checkbox inside its own label (clicking the text ticks it), with an optional hint indented under the text. */
export function CheckboxRow(props: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  id?: string;
  disabled?: boolean;
  /** Classes added to the label, e.g. a weight. */
  className?: string;
}) {
  const { label, checked, onChange, hint, id, disabled, className } = props;
  const row = (
    <label className={clsx("inline-flex items-center gap-2 text-sm text-slate-800", className)}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 accent-brand-600"
      />
      {label}
    </label>
  );
  if (!hint) return row;
  return (
    <div>
      {row}
      <p className="mt-0.5 ml-6 text-[13px] text-slate-500">{hint}</p>
    </div>
  );
}

/** One choice of a few, as radios in a fieldset named by `legend`; `name` groups them (a useId of the caller). */
export function RadioRow<T extends string>(props: {
  legend: string;
  name: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{props.legend}</legend>
      <div className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1.5">
        {props.options.map(([value, label]) => (
          <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={props.name}
              checked={props.value === value}
              onChange={() => props.onChange(value)}
              className="size-4 accent-brand-600"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
