"use client";
// The settings of each step type but email (its own file): delay modes, a wait's event and timeout, the actions, a
// split's shares. Each edits a copy of the step and hands the whole step back.
import type { ActionStep, DelayStep, SplitStep, Step, WaitStep } from "@/lib/schemas/automations";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { stepTitle } from "../../model/step-summary";
import { useBuilder } from "../builder-context";
import {
  DateFieldPicker,
  DurationFields,
  emailSteps,
  NumberField,
  RecordPicker,
  TimeField,
  WeekdaysField,
} from "./fields";

type EditorProps<S> = { step: S; onChange(step: S): void };

export function DelayEditor({ step, onChange }: EditorProps<DelayStep>) {
  const d = step.delay;
  const setMode = (mode: DelayStep["delay"]["mode"]) => {
    if (mode === d.mode) return;
    const delay: DelayStep["delay"] =
      mode === "duration"
        ? { mode, amount: 1, unit: "days" }
        : mode === "until_time"
          ? { mode, time: "09:00" }
          : { mode, field: "", offsetDays: 0, time: "09:00" };
    onChange({ ...step, delay });
  };
  return (
    <div className="space-y-4">
      <SelectField
        label="Wait"
        value={d.mode}
        options={["duration", "until_time", "until_date"] as const}
        labels={{
          duration: "For a while",
          until_time: "Until a time of day",
          until_date: "Until a date field's day",
        }}
        onValueChange={setMode}
      />
      {d.mode === "duration" && (
        <DurationFields label="How long" value={d} onChange={(v) => onChange({ ...step, delay: { ...d, ...v } })} />
      )}
      {d.mode === "until_time" && (
        <>
          <TimeField
            label="Time of day"
            hint="In the contact's time zone (the workspace's when they have none)."
            value={d.time}
            onChange={(time) => onChange({ ...step, delay: { ...d, time } })}
          />
          <WeekdaysField value={d.weekdays} onChange={(weekdays) => onChange({ ...step, delay: { ...d, weekdays } })} />
        </>
      )}
      {d.mode === "until_date" && (
        <>
          <DateFieldPicker
            label="Date field"
            value={d.field}
            onChange={(field) => onChange({ ...step, delay: { ...d, field } })}
          />
          <NumberField
            label="Days before (−) or after (+)"
            value={d.offsetDays ?? 0}
            min={-365}
            max={365}
            onChange={(offsetDays) => onChange({ ...step, delay: { ...d, offsetDays } })}
          />
          <TimeField
            label="At"
            hint="A date passed or empty: the contact goes on at once."
            value={d.time ?? "09:00"}
            onChange={(time) => onChange({ ...step, delay: { ...d, time } })}
          />
        </>
      )}
    </div>
  );
}

export function WaitEditor({ step, onChange, allSteps }: EditorProps<WaitStep> & { allSteps: Step[] }) {
  const { lists } = useBuilder();
  const e = step.event;
  const emails = emailSteps(allSteps, (s) => stepTitle(s));
  const setType = (type: WaitStep["event"]["type"]) => {
    if (type === e.type) return;
    const event: WaitStep["event"] =
      type === "clicked" ? { type, stepId: null } : type === "tag_added" ? { type, tagId: "" } : { type, formId: null };
    onChange({ ...step, event });
  };
  return (
    <div className="space-y-4">
      <SelectField
        label="Wait for"
        value={e.type}
        options={["clicked", "tag_added", "form_submitted"] as const}
        labels={{ clicked: "A click in an email", tag_added: "A tag to be added", form_submitted: "A form submission" }}
        onValueChange={setType}
      />
      {e.type === "clicked" && (
        <RecordPicker
          label="In the email"
          value={e.stepId}
          records={emails}
          blank="Any email of this automation"
          onChange={(stepId) => onChange({ ...step, event: { type: "clicked", stepId } })}
        />
      )}
      {e.type === "tag_added" && (
        <RecordPicker
          label="Tag"
          value={e.tagId}
          records={lists.tags}
          blank="Choose a tag…"
          onChange={(tagId) => onChange({ ...step, event: { type: "tag_added", tagId: tagId ?? "" } })}
        />
      )}
      {e.type === "form_submitted" && (
        <RecordPicker
          label="Form"
          value={e.formId}
          records={lists.forms}
          blank="Any form"
          onChange={(formId) => onChange({ ...step, event: { type: "form_submitted", formId } })}
        />
      )}
      <DurationFields
        label="Give up after"
        value={step.timeout}
        onChange={(timeout) => onChange({ ...step, timeout })}
      />
      <p className="text-[12px] text-slate-500">
        Contacts go down “Event happened” as soon as it happens, or down “Timed out” when the time is up.
      </p>
    </div>
  );
}

export function ActionEditor({ step, onChange }: EditorProps<ActionStep>) {
  const { lists } = useBuilder();
  const a = step.action;
  const setType = (type: ActionStep["action"]["type"]) => {
    if (type === a.type) return;
    const action: ActionStep["action"] =
      type === "add_tag" || type === "remove_tag"
        ? { type, tagId: "tagId" in a ? a.tagId : "" }
        : type === "set_field"
          ? { type, field: lists.fields[0]?.key ?? "", value: "" }
          : type === "start_automation"
            ? { type, automationId: "" }
            : { type, label: "Reached this step" };
    onChange({ ...step, action });
  };
  const field = a.type === "set_field" ? lists.fields.find((f) => f.key === a.field) : undefined;
  return (
    <div className="space-y-4">
      <SelectField
        label="Action"
        value={a.type}
        options={["add_tag", "remove_tag", "set_field", "start_automation", "emit_webhook"] as const}
        labels={{
          add_tag: "Add a tag",
          remove_tag: "Remove a tag",
          set_field: "Set a custom field",
          start_automation: "Start another automation",
          emit_webhook: "Emit a webhook event",
        }}
        onValueChange={setType}
      />
      {(a.type === "add_tag" || a.type === "remove_tag") && (
        <RecordPicker
          label="Tag"
          value={a.tagId}
          records={lists.tags}
          blank="Choose a tag…"
          onChange={(tagId) => onChange({ ...step, action: { ...a, tagId: tagId ?? "" } })}
        />
      )}
      {a.type === "set_field" && (
        <>
          <RecordPicker
            label="Field"
            value={a.field}
            records={lists.fields.map((f) => ({ id: f.key, name: f.label }))}
            blank="Choose a field…"
            onChange={(key) => onChange({ ...step, action: { ...a, field: key ?? "", value: null } })}
          />
          {field?.type === "boolean" ? (
            <SelectField
              label="Value"
              value={a.value === true ? "true" : a.value === false ? "false" : ""}
              options={["", "true", "false"] as const}
              labels={{ "": "Empty", true: "Yes", false: "No" }}
              onValueChange={(v) => onChange({ ...step, action: { ...a, value: v === "" ? null : v === "true" } })}
            />
          ) : (
            <TextField
              label="Value"
              hint={field?.type === "date" ? "A day as YYYY-MM-DD; empty clears the field." : "Empty clears the field."}
              value={a.value === null ? "" : String(a.value)}
              onChange={(e) => {
                const text = e.target.value;
                const value =
                  text === "" ? null : field?.type === "number" && Number.isFinite(Number(text)) ? Number(text) : text;
                onChange({ ...step, action: { ...a, value } });
              }}
            />
          )}
        </>
      )}
      {a.type === "start_automation" && (
        <RecordPicker
          label="Automation"
          value={a.automationId}
          records={lists.automations}
          blank="Choose an automation…"
          hint="The contact enters it as if its trigger fired (its re-entry rule still applies)."
          onChange={(automationId) => onChange({ ...step, action: { ...a, automationId: automationId ?? "" } })}
        />
      )}
      {a.type === "emit_webhook" && (
        <TextField
          label="Event label"
          hint="Sent as `label` in an automation.webhook event to your webhook endpoints."
          value={a.label}
          maxLength={100}
          onChange={(e) => onChange({ ...step, action: { ...a, label: e.target.value } })}
        />
      )}
    </div>
  );
}

export function SplitEditor({
  step,
  onChange,
  onAddBranch,
  onRemoveBranch,
}: EditorProps<SplitStep> & { onAddBranch(): void; onRemoveBranch(index: number): void }) {
  const sum = step.branches.reduce((n, b) => n + b.percent, 0);
  const setBranch = (i: number, patch: Partial<SplitStep["branches"][number]>) =>
    onChange({ ...step, branches: step.branches.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  return (
    <div className="space-y-3">
      <p className="text-[12px] text-slate-600">
        Each contact goes down one branch at random, by these shares (the same contact always the same way).
      </p>
      <ol className="space-y-2">
        {step.branches.map((b, i) => (
          <li key={i} className="grid grid-cols-[1fr_5.5rem_auto] items-end gap-2">
            <TextField
              label={`Branch ${i + 1} label`}
              value={b.label ?? ""}
              maxLength={50}
              placeholder={String.fromCharCode(65 + i)}
              onChange={(e) => setBranch(i, { label: e.target.value || null })}
            />
            <NumberField
              label="Share %"
              value={b.percent}
              min={1}
              max={99}
              onChange={(percent) => setBranch(i, { percent })}
            />
            <Button
              variant="ghost"
              size="sm"
              disabled={step.branches.length <= 2}
              onClick={() => onRemoveBranch(i)}
              aria-label={`Remove branch ${i + 1} and its steps`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <p className={sum === 100 ? "text-[12px] text-slate-500" : "text-[12px] font-medium text-red-700"} role="status">
        The shares add up to {sum} %{sum === 100 ? "." : ", not 100 %."}
      </p>
      <Button variant="secondary" size="sm" disabled={step.branches.length >= 5} onClick={onAddBranch}>
        Add a branch
      </Button>
    </div>
  );
}
