"use client";
// A condition's rules (segment conditions, plus "opened / clicked the email of step X") and a goal's (segment
// conditions). The segment part is the segment pages' own editor, handed in by the page; the email part is rows of
// "action + email step" drawn here, as only an automation has steps.
import { useId } from "react";
import type { ConditionStep, GoalStep, Step } from "@/lib/schemas/automations";
import type { SegmentRules } from "@/lib/schemas/segments";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/field";
import { CloseIcon, PlusIcon } from "@/components/ui/icons";
import { Select, SelectField } from "@/components/ui/select";
import { RecordOptions } from "@/components/ui/record-options";
import { stepTitle } from "../../model/step-summary";
import { useBuilder } from "../builder-context";
import { emailSteps } from "./fields";

type StepEmail = Extract<ConditionStep["rules"]["conditions"][number], { type: "step_email" }>;
type SegmentCondition = SegmentRules["conditions"][number];
const ACTIONS: Record<StepEmail["action"], string> = {
  opened: "Opened",
  clicked: "Clicked in",
  not_opened: "Did not open",
  not_clicked: "Did not click in",
};

export function ConditionEditor({
  step,
  onChange,
  allSteps,
}: {
  step: ConditionStep;
  onChange(step: ConditionStep): void;
  allSteps: Step[];
}) {
  const { RulesEditor, readOnly } = useBuilder();
  const emails = emailSteps(allSteps, (s) => stepTitle(s)).filter((e) => e.id !== step.id);
  const { match } = step.rules;
  const emailConds = step.rules.conditions.filter((c): c is StepEmail => c.type === "step_email");
  const segmentConds = step.rules.conditions.filter((c): c is SegmentCondition => c.type !== "step_email");
  const set = (nextEmail: StepEmail[], nextSegment: SegmentCondition[], nextMatch = match) =>
    onChange({ ...step, rules: { match: nextMatch, conditions: [...nextEmail, ...nextSegment] } });
  const matchId = useId();

  return (
    <div className="space-y-4">
      {segmentConds.length === 0 && emailConds.length > 1 && (
        <SelectField
          label="Contacts go down “Yes” when"
          value={match}
          options={["all", "any"] as const}
          labels={{ all: "All of these hold", any: "Any of these holds" }}
          onValueChange={(m) => set(emailConds, segmentConds, m)}
          id={matchId}
        />
      )}
      <fieldset>
        <legend className="text-[13px] font-semibold text-slate-900">This automation&apos;s emails</legend>
        {emails.length === 0 && (
          <p className="mt-1 text-[12px] text-slate-500">Add an email step above this one to branch on it.</p>
        )}
        <ol className="mt-2 space-y-2">
          {emailConds.map((c, i) => (
            <li key={i} className="flex items-end gap-2" data-testid="step-email-condition">
              <div className="w-36 shrink-0">
                <Label htmlFor={`${matchId}-a${i}`}>Email condition {i + 1}</Label>
                <Select
                  id={`${matchId}-a${i}`}
                  className="mt-1.5"
                  value={c.action}
                  onChange={(e) =>
                    set(
                      emailConds.map((x, j) => (j === i ? { ...x, action: e.target.value as StepEmail["action"] } : x)),
                      segmentConds,
                    )
                  }
                >
                  {Object.entries(ACTIONS).map(([v, l]) => (
                    <option key={v} value={v}>
                      {l}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="min-w-0 flex-1">
                <Label htmlFor={`${matchId}-s${i}`} className="sr-only">
                  Email of condition {i + 1}
                </Label>
                <Select
                  id={`${matchId}-s${i}`}
                  value={c.stepId}
                  onChange={(e) =>
                    set(
                      emailConds.map((x, j) => (j === i ? { ...x, stepId: e.target.value } : x)),
                      segmentConds,
                    )
                  }
                >
                  {!emails.some((e) => e.id === c.stepId) && <option value={c.stepId}>(not an email step)</option>}
                  <RecordOptions records={emails} />
                </Select>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove email condition ${i + 1}`}
                onClick={() =>
                  set(
                    emailConds.filter((_, j) => j !== i),
                    segmentConds,
                  )
                }
              >
                <CloseIcon className="size-3.5" />
              </Button>
            </li>
          ))}
        </ol>
        {emails.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() =>
              set([...emailConds, { type: "step_email", action: "opened", stepId: emails[0]!.id }], segmentConds)
            }
          >
            <PlusIcon className="size-3.5" />
            Add email condition
          </Button>
        )}
      </fieldset>
      <div>
        <h3 className="mb-2 text-[13px] font-semibold text-slate-900">Contact conditions</h3>
        <RulesEditor
          label="Condition rules"
          disabled={readOnly}
          value={segmentConds.length ? { match, conditions: segmentConds } : null}
          onChange={(rules) => set(emailConds, rules?.conditions ?? [], rules?.match ?? match)}
        />
      </div>
      {step.rules.conditions.length === 0 && (
        <p role="alert" className="text-[13px] text-red-700">
          Add at least one condition.
        </p>
      )}
    </div>
  );
}

export function GoalEditor({ step, onChange }: { step: GoalStep; onChange(step: GoalStep): void }) {
  const { RulesEditor, readOnly } = useBuilder();
  return (
    <div className="space-y-3">
      <p className="text-[12px] text-slate-600">
        A contact earlier in the automation who comes to match these jumps here and counts as converted; one who arrives
        here without matching goes on, not converted.
      </p>
      <RulesEditor
        label="Goal rules"
        disabled={readOnly}
        value={step.rules.conditions.length ? step.rules : null}
        onChange={(rules) => onChange({ ...step, rules: rules ?? { match: "all", conditions: [] } })}
      />
    </div>
  );
}
