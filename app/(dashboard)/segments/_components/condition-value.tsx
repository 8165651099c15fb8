"use client";
import { CONTACT_STATUSES } from "@/lib/schemas/segments";
import type { Tag } from "@/lib/schemas/tags";
import { Input } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { STATUS_LABELS } from "@/components/contacts/status-badge";
import { DAY_OPERATORS, VALUELESS, type Subject } from "../_lib/rule-catalog";
import type { LeafDraft } from "../_lib/rule-draft";
import type { ActivityTargets } from "../_lib/load-activity-targets";

type ConditionValueProps = {
  name: string;
  leaf: LeafDraft;
  subject: Subject;
  tags: Tag[];
  targets: ActivityTargets;
  /** Id of the condition's error message, when it has one. */
  errorId?: string;
  onChange: (patch: Partial<LeafDraft>) => void;
};

const small = "h-8 text-[13px]";

/** The value part of a condition, shaped by the field's kind and the operator. */
export function ConditionValue({ name, leaf, subject, tags, targets, errorId, onChange }: ConditionValueProps) {
  const aria = { "aria-invalid": errorId ? true : undefined, "aria-describedby": errorId };
  const { operator } = leaf;
  if (subject.kind === "tag") {
    return (
      <Select
        aria-label={`${name} tag`}
        className={`${small} truncate`}
        title={tags.find((t) => t.id === leaf.value)?.name}
        value={leaf.value}
        onChange={(e) => onChange({ value: e.target.value })}
        {...aria}
      >
        <option value="">Choose a tag…</option>
        {/* A stored rule's tag deleted since: shown as such rather than as the first tag of the list. */}
        {leaf.value && !tags.some((t) => t.id === leaf.value) && <option value={leaf.value}>Deleted tag</option>}
        {tags.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </Select>
    );
  }
  if (subject.kind === "activity") {
    const forms = operator === "submitted_form";
    const list = forms ? targets.forms : targets.broadcasts;
    const chosen = list.find((t) => t.id === leaf.targetId);
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Select
          aria-label={`${name} ${forms ? "form" : "broadcast"}`}
          className={`${small} min-w-48 flex-1 basis-48 truncate`}
          title={chosen?.name}
          value={leaf.targetId}
          onChange={(e) => onChange({ targetId: e.target.value })}
          {...aria}
        >
          <option value="">{forms ? "Any form" : "Any broadcast"}</option>
          {/* A stored id deleted since, or older than the picker's newest 200. */}
          {leaf.targetId && !chosen && (
            <option value={leaf.targetId}>{forms ? "A form not in the list" : "A broadcast not in the list"}</option>
          )}
          {list.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
        <span className="text-[13px] text-slate-500">in the last</span>
        <div className="w-20">
          <Input
            aria-label={`${name} days`}
            type="number"
            min={1}
            max={3650}
            placeholder="any"
            className={small}
            value={leaf.days}
            onChange={(e) => onChange({ days: e.target.value })}
            {...aria}
          />
        </div>
        <span className="text-[13px] text-slate-500">days</span>
      </div>
    );
  }
  if (VALUELESS.has(operator)) return null;
  if (DAY_OPERATORS.has(operator)) {
    return (
      <div className="flex items-center gap-2">
        {/* Input is full width; the wrapper sets the width a day count needs. */}
        <div className="w-24">
          <Input
            aria-label={`${name} days`}
            type="number"
            min={1}
            max={3650}
            className={small}
            value={leaf.days}
            onChange={(e) => onChange({ days: e.target.value })}
            {...aria}
          />
        </div>
        <span className="text-[13px] text-slate-500">{operator === "more_than_days_ago" ? "days ago" : "days"}</span>
      </div>
    );
  }
  const choices =
    subject.kind === "status" ? [...CONTACT_STATUSES] : subject.kind === "select" ? (subject.options ?? []) : null;
  const labelOf = (c: string) => (subject.kind === "status" ? STATUS_LABELS[c as keyof typeof STATUS_LABELS] : c);
  if (choices && operator === "in") {
    return (
      <fieldset aria-label={`${name} values`} className="flex flex-wrap gap-x-3 gap-y-1">
        {choices.map((c) => (
          <label key={c} className="inline-flex items-center gap-1.5 text-[13px] text-slate-700">
            <input
              type="checkbox"
              className="accent-brand-600"
              checked={leaf.values.includes(c)}
              onChange={() =>
                onChange({ values: leaf.values.includes(c) ? leaf.values.filter((v) => v !== c) : [...leaf.values, c] })
              }
            />
            {labelOf(c)}
          </label>
        ))}
      </fieldset>
    );
  }
  if (choices) {
    return (
      <Select
        aria-label={`${name} value`}
        className={`${small} truncate`}
        title={leaf.value ? labelOf(leaf.value) : undefined}
        value={leaf.value}
        onChange={(e) => onChange({ value: e.target.value })}
        {...aria}
      >
        <option value="">{subject.kind === "status" ? "Choose a status…" : "Choose an option…"}</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {labelOf(c)}
          </option>
        ))}
      </Select>
    );
  }
  return (
    <Input
      aria-label={`${name} value`}
      type={subject.kind === "number" ? "number" : subject.kind === "date" ? "date" : "text"}
      step={subject.kind === "number" ? "any" : undefined}
      placeholder={subject.kind === "timezone" && operator === "in" ? "Europe/Paris, Europe/Berlin" : undefined}
      className={small}
      value={leaf.value}
      onChange={(e) => onChange({ value: e.target.value })}
      {...aria}
    />
  );
}
