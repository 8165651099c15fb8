"use client";
// The segment rules editor of the segment pages as a controlled field of rules: its draft (text while typing) is kept
// here, and every change goes out as rules (null once the last condition is removed). The server judges the values
// on save; its messages come back through the builder's problems.
import { useMemo, useState } from "react";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { SegmentRules } from "@/lib/schemas/segments";
import type { Tag } from "@/lib/schemas/tags";
import type { RulesEditorProps } from "@/features/automations/ui/builder-context";
import { useCustomFields, useTagOptions } from "@/features/workspace-lists/ui/use-workspace-lists";
import type { ActivityTargets } from "../../../../segments/_lib/load-activity-targets";
import { subjectsOf } from "../../../../segments/_lib/rule-catalog";
import { fromRules, toRules, type RulesDraft } from "../../../../segments/_lib/rule-draft";
import { RuleEditor } from "../../../../segments/_components/rule-editor";

type Lists = { workspaceId: string; tags: Tag[]; fields: CustomField[]; targets: ActivityTargets };

export function makeSegmentRulesField(lists: Lists) {
  function SegmentRulesField(props: RulesEditorProps) {
    return <RulesField {...props} lists={lists} />;
  }
  return SegmentRulesField;
}

function RulesField({ label, value, onChange, disabled, lists }: RulesEditorProps & { lists: Lists }) {
  const tags = useTagOptions(lists.workspaceId, lists.tags);
  const fields = useCustomFields(lists.workspaceId, lists.fields);
  const subjects = useMemo(() => subjectsOf(fields), [fields]);
  const [draft, setDraft] = useState<RulesDraft>(() => (value ? fromRules(value) : { match: "all", conditions: [] }));
  const change = (next: RulesDraft) => {
    setDraft(next);
    const rules: SegmentRules = toRules(next, subjects);
    onChange(rules.conditions.length ? rules : null);
  };
  return (
    <fieldset disabled={disabled} aria-label={label}>
      <RuleEditor
        draft={draft}
        subjects={subjects}
        tags={tags}
        targets={lists.targets}
        errors={{}}
        onChange={change}
        onTouched={() => undefined}
      />
    </fieldset>
  );
}
