"use client";
// The side panel of the selected step: its name, its type's settings, the problems the last save or the checklist
// found on it, and (for an email) the way into the block composer. A reader sees the same panel, disabled.
import { useId } from "react";
import type { EmailStep, Step } from "@/lib/schemas/automations";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { PencilIcon } from "@/components/ui/icons";
import { STEP_LABELS } from "../../model/new-step";
import { useBuilder } from "../builder-context";
import { ActionEditor, DelayEditor, SplitEditor, WaitEditor } from "./step-editors";
import { ConditionEditor, GoalEditor } from "./rule-editors";

export const EDIT_EMAIL_BUTTON_ID = "automation-edit-email";

type Props = {
  step: Step;
  number: number;
  allSteps: Step[];
  problems: string[];
  onChange(step: Step): void;
  onEditEmail(): void;
  onAddBranch(): void;
  onRemoveBranch(index: number): void;
  onDelete(): void;
};

export function StepPanel(props: Props) {
  const { step, onChange } = props;
  const { readOnly } = useBuilder();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="step-panel" data-panel-step={step.id}>
      <h2 id={headingId} className="text-[15px] font-semibold text-slate-900">
        Step {props.number || ""}: {STEP_LABELS[step.type]}
      </h2>
      {props.problems.length > 0 && (
        <ul role="list" aria-label="Problems on this step" className="mt-3 space-y-1 rounded-lg bg-red-50 px-3 py-2">
          {props.problems.map((p, i) => (
            <li key={i} className="text-[13px] text-red-800">
              {p}
            </li>
          ))}
        </ul>
      )}
      <fieldset disabled={readOnly} className="mt-4 space-y-4">
        <legend className="sr-only">Settings of step {props.number}</legend>
        <TextField
          label="Step name"
          hint="For you; shown on the card and in the report."
          value={step.name ?? ""}
          maxLength={100}
          onChange={(e) => onChange({ ...step, name: e.target.value || null })}
        />
        {step.type === "email" && <EmailSummary step={step} onEdit={props.onEditEmail} />}
        {step.type === "delay" && <DelayEditor step={step} onChange={onChange} />}
        {step.type === "condition" && <ConditionEditor step={step} onChange={onChange} allSteps={props.allSteps} />}
        {step.type === "wait_for" && <WaitEditor step={step} onChange={onChange} allSteps={props.allSteps} />}
        {step.type === "action" && <ActionEditor step={step} onChange={onChange} />}
        {step.type === "split" && (
          <SplitEditor
            step={step}
            onChange={onChange}
            onAddBranch={props.onAddBranch}
            onRemoveBranch={props.onRemoveBranch}
          />
        )}
        {step.type === "goal" && <GoalEditor step={step} onChange={onChange} />}
        {step.type === "exit" && (
          <p className="text-[13px] text-slate-600">Contacts who reach this step leave the automation, completed.</p>
        )}
      </fieldset>
      {!readOnly && (
        <div className="mt-6 border-t border-slate-200 pt-4">
          <Button variant="ghost" size="sm" className="text-red-700" onClick={props.onDelete}>
            Delete this step
          </Button>
        </div>
      )}
    </section>
  );
}

function EmailSummary({ step, onEdit }: { step: EmailStep; onEdit(): void }) {
  const { readOnly } = useBuilder();
  const e = step.email;
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-slate-50 px-3 py-3">
      {/* Subjects carry merge tags ({{firstName|friend}}) that do not break at spaces: wrap anywhere, never widen. */}
      <p className="text-[13px] text-slate-700 [overflow-wrap:anywhere]">
        <span className="text-slate-500">Subject:</span> {e.subject || <em className="text-red-700">none yet</em>}
      </p>
      {e.previewText && (
        <p className="mt-0.5 truncate text-[13px] text-slate-600">
          <span className="text-slate-500">Preview:</span> {e.previewText}
        </p>
      )}
      <p className="mt-0.5 text-[13px] text-slate-600">
        {e.blocks.length ? `${e.blocks.length} block${e.blocks.length === 1 ? "" : "s"}` : "No content yet"}
      </p>
      <Button id={EDIT_EMAIL_BUTTON_ID} size="sm" className="mt-3" onClick={onEdit} disabled={readOnly}>
        <PencilIcon className="size-3.5" />
        Edit email
      </Button>
    </div>
  );
}
