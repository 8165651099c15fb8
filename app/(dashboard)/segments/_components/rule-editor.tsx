"use client";
import type { Tag } from "@/lib/schemas/tags";
import type { ActivityTargets } from "../_lib/load-activity-targets";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import type { Subject } from "../_lib/rule-catalog";
import { newKey, newLeaf, type GroupDraft, type LeafDraft, type RulesDraft } from "../_lib/rule-draft";
import { ConditionRow } from "./condition-row";
import { MatchToggle } from "./match-toggle";

type RuleEditorProps = {
  draft: RulesDraft;
  subjects: Subject[];
  tags: Tag[];
  targets: ActivityTargets;
  /** Server messages by condition position ("2", "3.0"). */
  errors: Record<string, string>;
  onChange: (draft: RulesDraft) => void;
  /** A condition (by its draft key) lost focus. */
  onTouched: (key: string) => void;
};

/** The top-level conditions, each a condition row or a group of rows one level deep. */
export function RuleEditor({ draft, subjects, tags, targets, errors, onChange, onTouched }: RuleEditorProps) {
  const first = subjects[0]!;
  const set = (conditions: RulesDraft["conditions"]) => onChange({ ...draft, conditions });
  const replace = (i: number, next: LeafDraft | GroupDraft) =>
    set(draft.conditions.map((c, j) => (j === i ? next : c)));
  const remove = (i: number) => set(draft.conditions.filter((_, j) => j !== i));
  return (
    <div className="space-y-3">
      <MatchToggle
        name="match"
        label="Top-level match"
        value={draft.match}
        onChange={(match) => onChange({ ...draft, match })}
      />
      {draft.conditions.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
          No conditions yet. Add one to start counting contacts.
        </p>
      )}
      <ol className="space-y-2">
        {draft.conditions.map((c, i) => (
          <li key={c.key}>
            {c.type === "leaf" ? (
              <ConditionRow
                name={`Condition ${i + 1}`}
                testId={`condition-${i}`}
                leaf={c}
                subjects={subjects}
                tags={tags}
                targets={targets}
                error={errors[String(i)]}
                onChange={(leaf) => replace(i, leaf)}
                onTouched={() => onTouched(c.key)}
                onRemove={() => remove(i)}
              />
            ) : (
              <ConditionGroup
                name={`Group ${i + 1}`}
                index={i}
                group={c}
                subjects={subjects}
                tags={tags}
                targets={targets}
                errors={errors}
                onTouched={onTouched}
                onChange={(group) => (group.conditions.length ? replace(i, group) : remove(i))}
                onRemove={() => remove(i)}
              />
            )}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => set([...draft.conditions, newLeaf(first)])}>
          <PlusIcon className="size-3.5" />
          Add condition
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            set([...draft.conditions, { key: newKey(), type: "group", match: "any", conditions: [newLeaf(first)] }])
          }
        >
          <PlusIcon className="size-3.5" />
          Add group
        </Button>
      </div>
    </div>
  );
}

type GroupProps = Omit<RuleEditorProps, "draft" | "onChange" | "onTouched"> & {
  onTouched: (key: string) => void;
  name: string;
  index: number;
  group: GroupDraft;
  onChange: (group: GroupDraft) => void;
  onRemove: () => void;
};

function ConditionGroup({
  name,
  index,
  group,
  subjects,
  tags,
  targets,
  errors,
  onChange,
  onTouched,
  onRemove,
}: GroupProps) {
  const set = (conditions: LeafDraft[]) => onChange({ ...group, conditions });
  return (
    <section aria-label={name} className="space-y-2 rounded-lg border border-brand-100 bg-brand-50/40 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <MatchToggle
          name={`match-${group.key}`}
          label={`${name} match`}
          value={group.match}
          onChange={(match) => onChange({ ...group, match })}
        />
        <Button variant="ghost" size="sm" onClick={onRemove}>
          Remove group
        </Button>
      </div>
      {errors[String(index)] && (
        <p role="alert" className="text-[13px] text-red-600">
          {errors[String(index)]}
        </p>
      )}
      <ol className="space-y-2">
        {group.conditions.map((leaf, j) => (
          <li key={leaf.key}>
            <ConditionRow
              name={`Condition ${index + 1}.${j + 1}`}
              testId={`condition-${index}-${j}`}
              leaf={leaf}
              subjects={subjects}
              tags={tags}
              targets={targets}
              error={errors[`${index}.${j}`]}
              onTouched={() => onTouched(leaf.key)}
              onChange={(next) => set(group.conditions.map((l, k) => (k === j ? next : l)))}
              onRemove={() => set(group.conditions.filter((_, k) => k !== j))}
            />
          </li>
        ))}
      </ol>
      <Button variant="ghost" size="sm" onClick={() => set([...group.conditions, newLeaf(subjects[0]!)])}>
        <PlusIcon className="size-3.5" />
        Add to group
      </Button>
    </section>
  );
}
