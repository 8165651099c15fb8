"use client";
// The trigger card's panel: the automation's name, what makes a contact enter (and its form, tag, segment or date
// field and time), the optional entry filter, the re-entry rule, and the sender its emails go out from.
import { useId } from "react";
import type { Trigger } from "@/lib/schemas/automations";
import { SelectField } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { Button } from "@/components/ui/button";
import type { AutomationDraft } from "../../model/draft";
import { useBuilder } from "../builder-context";
import { DateFieldPicker, NumberField, RecordPicker, TimeField } from "./fields";

export const FROM_EMAIL_INPUT_ID = "automation-from-email";
export const TRIGGER_PANEL_ID = "automation-trigger-panel";

const TRIGGER_LABELS: Record<Trigger["type"], string> = {
  subscribed: "A contact subscribes",
  tag_added: "A tag is added",
  segment_entered: "A contact enters a segment",
  date_anniversary: "A date's anniversary (birthday, renewal)",
  api: "An API call enrols them",
};

type Props = {
  draft: AutomationDraft;
  onChange(patch: Partial<AutomationDraft>): void;
  senderDefaults: { fromName: string | null; fromEmail: string | null };
  problems: string[];
};

export function TriggerPanel({ draft, onChange, senderDefaults, problems }: Props) {
  const { lists, readOnly, RulesEditor } = useBuilder();
  const headingId = useId();
  const t = draft.trigger;
  const setType = (type: Trigger["type"]) => {
    if (type === t.type) return;
    const trigger: Trigger =
      type === "subscribed"
        ? { type, formId: null }
        : type === "tag_added"
          ? { type, tagId: "" }
          : type === "segment_entered"
            ? { type, segmentId: "" }
            : type === "date_anniversary"
              ? { type, field: "", time: "09:00" }
              : { type };
    onChange({ trigger });
  };
  return (
    <section aria-labelledby={headingId} id={TRIGGER_PANEL_ID} data-testid="trigger-panel">
      <h2 id={headingId} className="text-[15px] font-semibold text-slate-900">
        Trigger and settings
      </h2>
      {problems.length > 0 && (
        <ul aria-label="Problems in the trigger and settings" className="mt-3 space-y-1 rounded-lg bg-red-50 px-3 py-2">
          {problems.map((p, i) => (
            <li key={i} className="text-[13px] text-red-800">
              {p}
            </li>
          ))}
        </ul>
      )}
      <fieldset disabled={readOnly} className="mt-4 space-y-4">
        <legend className="sr-only">Trigger and settings</legend>
        <TextField
          label="Automation name"
          value={draft.name}
          maxLength={200}
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <SelectField
          label="Contacts enter when"
          value={t.type}
          options={Object.keys(TRIGGER_LABELS) as Trigger["type"][]}
          labels={TRIGGER_LABELS}
          onValueChange={setType}
        />
        {t.type === "subscribed" && (
          <RecordPicker
            label="Through"
            value={t.formId}
            records={lists.forms}
            blank="Any source"
            hint="With double opt-in, once they confirm."
            onChange={(formId) => onChange({ trigger: { type: "subscribed", formId } })}
          />
        )}
        {t.type === "tag_added" && (
          <RecordPicker
            label="Tag"
            value={t.tagId}
            records={lists.tags}
            blank="Choose a tag…"
            onChange={(tagId) => onChange({ trigger: { type: "tag_added", tagId: tagId ?? "" } })}
          />
        )}
        {t.type === "segment_entered" && (
          <RecordPicker
            label="Segment"
            value={t.segmentId}
            records={lists.segments}
            blank="Choose a segment…"
            onChange={(segmentId) => onChange({ trigger: { type: "segment_entered", segmentId: segmentId ?? "" } })}
          />
        )}
        {t.type === "date_anniversary" && (
          <>
            <DateFieldPicker
              label="Date field"
              value={t.field}
              onChange={(field) => onChange({ trigger: { ...t, field } })}
            />
            <TimeField
              label="At"
              hint="In the contact's time zone (the workspace's when they have none)."
              value={t.time}
              onChange={(time) => onChange({ trigger: { ...t, time } })}
            />
          </>
        )}
        <div>
          <h3 className="mb-2 text-[13px] font-semibold text-slate-900">Entry filter</h3>
          {draft.entryFilter || !readOnly ? (
            draft.entryFilter ? (
              <>
                <RulesEditor
                  label="Entry filter"
                  disabled={readOnly}
                  value={draft.entryFilter}
                  onChange={(entryFilter) => onChange({ entryFilter })}
                />
                <Button variant="ghost" size="sm" className="mt-2" onClick={() => onChange({ entryFilter: null })}>
                  Remove the entry filter
                </Button>
              </>
            ) : (
              <>
                <p className="text-[12px] text-slate-600">Everyone the trigger names enters.</p>
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-2"
                  onClick={() =>
                    onChange({
                      entryFilter: {
                        match: "all",
                        conditions: [{ type: "field", field: "email", operator: "is_set" }],
                      },
                    })
                  }
                >
                  Add an entry filter
                </Button>
              </>
            )
          ) : (
            <p className="text-[12px] text-slate-600">None.</p>
          )}
        </div>
        <SelectField
          label="A contact enters"
          value={draft.reentry.mode}
          options={["once", "after_days", "always"] as const}
          labels={{ once: "Once ever", after_days: "Again after some days", always: "Every time the trigger fires" }}
          hint="Whatever the rule, a contact is never in the automation twice at the same time."
          onValueChange={(mode) => onChange({ reentry: mode === "after_days" ? { mode, days: 30 } : { mode } })}
        />
        {draft.reentry.mode === "after_days" && (
          <NumberField
            label="Days since their last entry"
            value={draft.reentry.days}
            min={1}
            max={3650}
            onChange={(days) => onChange({ reentry: { mode: "after_days", days } })}
          />
        )}
        <fieldset className="space-y-3">
          <legend className="mb-2 text-[13px] font-semibold text-slate-900">Sender</legend>
          <TextField
            label="From name"
            value={draft.fromName ?? ""}
            placeholder={senderDefaults.fromName ?? ""}
            maxLength={200}
            onChange={(e) => onChange({ fromName: e.target.value || null })}
          />
          <TextField
            id={FROM_EMAIL_INPUT_ID}
            label="From address"
            type="email"
            value={draft.fromEmail ?? ""}
            placeholder={senderDefaults.fromEmail ?? ""}
            hint={
              senderDefaults.fromEmail ? "Empty: the workspace's default sender." : "No workspace default: set one."
            }
            onChange={(e) => onChange({ fromEmail: e.target.value || null })}
          />
          <TextField
            label="Reply-to"
            type="email"
            value={draft.replyTo ?? ""}
            onChange={(e) => onChange({ replyTo: e.target.value || null })}
          />
        </fieldset>
      </fieldset>
    </section>
  );
}
