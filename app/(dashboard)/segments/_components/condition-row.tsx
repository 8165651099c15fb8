"use client";
import type { Tag } from "@/lib/schemas/tags";
import type { ActivityTargets } from "../_lib/load-activity-targets";
import { Button } from "@/components/ui/button";
import { CloseIcon } from "@/components/ui/icons";
import { Select } from "@/components/ui/select";
import { OPERATOR_LABELS, operatorsOf, type Subject } from "../_lib/rule-catalog";
import { newLeaf, type LeafDraft } from "../_lib/rule-draft";
import { ConditionValue } from "./condition-value";

type ConditionRowProps = {
  /** "Condition 2", or "Condition 3.1" inside a group: prefixes every control's accessible name. */
  name: string;
  /** condition-<i>, or condition-<i>-<j> inside a group. */
  testId: string;
  leaf: LeafDraft;
  subjects: Subject[];
  tags: Tag[];
  targets: ActivityTargets;
  error?: string;
  onChange: (leaf: LeafDraft) => void;
  /** Focus left the condition: from now on its problems are shown. */
  onTouched?: () => void;
  onRemove: () => void;
};

const groups = (subjects: Subject[]) => [...new Set(subjects.map((s) => s.group))];

export function ConditionRow({
  name,
  testId,
  leaf,
  subjects,
  tags,
  targets,
  error,
  onChange,
  onTouched,
  onRemove,
}: ConditionRowProps) {
  // A stored rule may name a custom field deleted since; it stays visible (and the server explains) until changed.
  const subject = subjects.find((s) => s.id === leaf.subject) ?? {
    id: leaf.subject,
    label: `${leaf.subject} (deleted field)`,
    kind: "text" as const,
    group: "Contact",
  };
  const known = subjects.some((s) => s.id === leaf.subject);
  const errorId = `${leaf.key}-error`;
  return (
    <div
      data-testid={testId}
      className="rounded-lg border border-slate-200 bg-white p-2.5"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onTouched?.();
      }}
    >
      <div className="flex flex-wrap items-start gap-2">
        <Select
          aria-label={`${name} field`}
          className="h-8 w-full truncate text-[13px] sm:w-44"
          title={subject.label}
          value={leaf.subject}
          onChange={(e) => {
            const next = subjects.find((s) => s.id === e.target.value);
            if (next) onChange({ ...newLeaf(next), key: leaf.key });
          }}
        >
          {!known && <option value={leaf.subject}>{subject.label}</option>}
          {groups(subjects).map((g) => (
            <optgroup key={g} label={g}>
              {subjects
                .filter((s) => s.group === g)
                .map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
            </optgroup>
          ))}
        </Select>
        <Select
          aria-label={`${name} operator`}
          className="h-8 w-full text-[13px] sm:w-44"
          value={leaf.operator}
          onChange={(e) => {
            const operator = e.target.value;
            // A broadcast chosen for "opened" is not a form for "submitted": the picker starts again at "Any".
            const otherList = (operator === "submitted_form") !== (leaf.operator === "submitted_form");
            onChange({ ...leaf, operator, ...(leaf.subject === "activity" && otherList ? { targetId: "" } : {}) });
          }}
        >
          {operatorsOf(subject.kind).map((op) => (
            <option key={op} value={op}>
              {OPERATOR_LABELS[op] ?? op}
            </option>
          ))}
        </Select>
        <div className="min-w-0 flex-1 basis-48">
          <ConditionValue
            name={name}
            leaf={leaf}
            subject={subject}
            tags={tags}
            targets={targets}
            errorId={error ? errorId : undefined}
            onChange={(patch) => onChange({ ...leaf, ...patch })}
          />
        </div>
        <Button variant="ghost" size="sm" aria-label={`Remove ${name.toLowerCase()}`} onClick={onRemove}>
          <CloseIcon className="size-4" />
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-[13px] text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
