"use client";
// The small controls the step panels share: a whole number, a duration, a time of day, weekdays, and the pickers of
// the workspace's tags, forms, date fields and email steps. Each is labelled, so every panel reads well by ear.
import { useId } from "react";
import { DURATION_UNITS, type Step } from "@/lib/schemas/automations";
import { Input, Label } from "@/components/ui/field";
import { Select, SelectField } from "@/components/ui/select";
import { RecordOptions } from "@/components/ui/record-options";
import { useBuilder } from "../builder-context";

export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export function NumberField(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange(value: number): void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={props.className}>
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        className="mt-1.5"
        min={props.min}
        max={props.max}
        value={Number.isFinite(props.value) ? props.value : ""}
        onChange={(e) => {
          const n = Math.round(Number(e.target.value));
          if (e.target.value !== "" && Number.isFinite(n)) props.onChange(Math.min(props.max, Math.max(props.min, n)));
        }}
      />
    </div>
  );
}

type Unit = (typeof DURATION_UNITS)[number];
export function DurationFields(props: {
  label: string;
  value: { amount: number; unit: Unit };
  onChange(value: { amount: number; unit: Unit }): void;
}) {
  const { value } = props;
  return (
    <fieldset>
      <legend className="text-[13px] font-medium text-slate-700">{props.label}</legend>
      <div className="mt-1.5 grid grid-cols-2 gap-2">
        <NumberField
          label="Amount"
          value={value.amount}
          min={1}
          max={1000}
          onChange={(amount) => props.onChange({ ...value, amount })}
        />
        <SelectField
          label="Unit"
          value={value.unit}
          options={DURATION_UNITS}
          labels={{ minutes: "Minutes", hours: "Hours", days: "Days", weeks: "Weeks" }}
          onValueChange={(unit) => props.onChange({ ...value, unit })}
        />
      </div>
    </fieldset>
  );
}

export function TimeField(props: { label: string; value: string; onChange(value: string): void; hint?: string }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        type="time"
        className="mt-1.5"
        value={props.value}
        onChange={(e) => e.target.value && props.onChange(e.target.value.slice(0, 5))}
      />
      {props.hint && <p className="mt-1 text-[12px] text-slate-500">{props.hint}</p>}
    </div>
  );
}

export function WeekdaysField(props: { value: number[] | undefined; onChange(value: number[] | undefined): void }) {
  const chosen = new Set(props.value ?? [1, 2, 3, 4, 5, 6, 7]);
  const toggle = (d: number) => {
    const next = new Set(chosen);
    if (next.has(d)) next.delete(d);
    else next.add(d);
    if (next.size === 0) return;
    props.onChange(next.size === 7 ? undefined : [...next].sort());
  };
  return (
    <fieldset>
      <legend className="text-[13px] font-medium text-slate-700">On these days</legend>
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        {WEEKDAY_NAMES.map((name, i) => (
          <label
            key={name}
            className="flex items-center gap-1 rounded border border-slate-200 px-2 py-1 text-[12px] text-slate-700"
          >
            <input type="checkbox" checked={chosen.has(i + 1)} onChange={() => toggle(i + 1)} />
            {name.slice(0, 3)}
            <span className="sr-only">{name.slice(3)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A picker of ids with a blank first choice ("Choose a tag…"); an id not in the list still shows. */
export function RecordPicker(props: {
  label: string;
  value: string | null | undefined;
  records: { id: string; name: string }[];
  blank: string;
  onChange(id: string | null): void;
  hint?: string;
}) {
  const id = useId();
  const value = props.value ?? "";
  const missing = value && !props.records.some((r) => r.id === value);
  return (
    <div>
      <Label htmlFor={id}>{props.label}</Label>
      <Select id={id} className="mt-1.5" value={value} onChange={(e) => props.onChange(e.target.value || null)}>
        <option value="">{props.blank}</option>
        {missing && <option value={value}>(no longer exists)</option>}
        <RecordOptions records={props.records} />
      </Select>
      {props.hint && <p className="mt-1 text-[12px] text-slate-500">{props.hint}</p>}
    </div>
  );
}

/** The workspace's date fields, as the contract names them ("fields.<key>"). */
export function DateFieldPicker(props: { label: string; value: string; onChange(field: string): void }) {
  const { lists } = useBuilder();
  const dates = lists.fields.filter((f) => f.type === "date").map((f) => ({ id: `fields.${f.key}`, name: f.label }));
  return (
    <RecordPicker
      label={props.label}
      value={props.value.startsWith("fields.") ? props.value : ""}
      records={dates}
      blank={dates.length ? "Choose a date field…" : "No date fields yet (Settings → Custom fields)"}
      onChange={(v) => v && props.onChange(v)}
    />
  );
}

/** The email steps a condition or a wait may name. */
export function emailSteps(steps: Step[], title: (s: Step) => string) {
  return steps.filter((s) => s.type === "email").map((s) => ({ id: s.id, name: title(s) }));
}
