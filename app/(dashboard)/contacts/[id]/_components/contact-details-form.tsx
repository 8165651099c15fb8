"use client";
import { useId, useState, type FormEvent } from "react";
import { CONTACT_STATUSES, type Contact, type ContactStatus, type UpdateContact } from "@/lib/schemas/contacts";
import type { CustomField } from "@/lib/schemas/custom-fields";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/permissions/role-context";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { SelectField } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/action-result";
import { pointerErrorsUnder } from "@/lib/pointer-errors";
import { CustomFieldInputs, NameFields } from "../../_components/contact-fields";
import { fieldTextsToValues, fieldValueToText } from "../../_components/custom-field-input";
import { STATUS_LABELS } from "@/components/contacts/status-badge";
import { useUpdateContact } from "../../_components/use-contact-mutations";

type Draft = {
  firstName: string;
  lastName: string;
  status: ContactStatus;
  timezone: string;
  fields: Record<string, string>;
};

function draftOf(contact: Contact, fields: CustomField[]): Draft {
  return {
    firstName: contact.firstName ?? "",
    lastName: contact.lastName ?? "",
    status: contact.status,
    timezone: contact.timezone ?? "",
    fields: Object.fromEntries(fields.map((f) => [f.key, fieldValueToText(contact.fields[f.key])])),
  };
}

/** Only what changed is sent, so saving never overwrites a value another request changed meanwhile. */
function changesOf(saved: Draft, draft: Draft): UpdateContact | null {
  const changes: Record<string, unknown> = {};
  for (const key of ["firstName", "lastName", "status", "timezone"] as const) {
    if (draft[key] !== saved[key]) changes[key] = draft[key];
  }
  const changedFields = Object.fromEntries(Object.entries(draft.fields).filter(([k, v]) => v !== saved.fields[k]));
  if (Object.keys(changedFields).length) changes.fields = fieldTextsToValues(changedFields, true);
  return Object.keys(changes).length ? (changes as UpdateContact) : null;
}

// Offered as suggestions; the server accepts any IANA name and canonicalises its case.
const TIME_ZONES = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

type FormProps = { workspaceId: string; contact: Contact; fields: CustomField[] };

export function ContactDetailsForm({ workspaceId, contact, fields }: FormProps) {
  const toast = useToast();
  const ids = { zones: useId() };
  const update = useUpdateContact(workspaceId);
  const [saved, setSaved] = useState(() => draftOf(contact, fields));
  const [draft, setDraft] = useState(saved);
  const changes = changesOf(saved, draft);
  // zod's errors point into the action input (#/changes/timezone); the service's at the contact (#/fields/plan).
  const attrErrors = pointerErrorsUnder(update.error, "#/changes/");
  const customErrors = {
    ...pointerErrorsUnder(update.error, "#/fields/"),
    ...pointerErrorsUnder(update.error, "#/changes/fields/"),
  };
  const placed = [attrErrors.firstName, attrErrors.lastName, attrErrors.timezone, ...Object.values(customErrors)];
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changes) return;
    update.mutate(
      { id: contact.id, changes },
      {
        onSuccess: (next) => {
          const fresh = draftOf(next, fields);
          setSaved(fresh);
          setDraft(fresh);
          toast.success("Contact saved.");
        },
      },
    );
  };

  const canWrite = useCan("audience.write");
  return (
    <Card>
      <CardHeader title="Details" />
      <CardBody>
        <form onSubmit={submit} noValidate className="space-y-4">
          {update.isError && !placed.some(Boolean) && <Notice tone="error">{errorMessage(update.error)}</Notice>}
          {/* Read-only for roles that cannot change contacts: a disabled fieldset disables every input at once. */}
          <fieldset disabled={!canWrite} className="grid min-w-0 gap-4 sm:grid-cols-2">
            <NameFields values={draft} onChange={(name, value) => set({ [name]: value })} errors={attrErrors} />
            <SelectField
              label="Status"
              value={draft.status}
              onValueChange={(status: ContactStatus) => set({ status })}
              options={CONTACT_STATUSES}
              labels={STATUS_LABELS}
            />
            <TextField
              label="Time zone"
              value={draft.timezone}
              onChange={(e) => set({ timezone: e.target.value })}
              list={ids.zones}
              placeholder="Europe/Paris"
              autoComplete="off"
              error={attrErrors.timezone}
            />
            <datalist id={ids.zones}>
              {TIME_ZONES.map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
            <CustomFieldInputs
              fields={fields}
              texts={draft.fields}
              onChange={(texts) => set({ fields: texts })}
              errors={customErrors}
            />
          </fieldset>
          {canWrite && (
            <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
              <Button variant="secondary" onClick={() => (setDraft(saved), update.reset())} disabled={!changes}>
                Discard changes
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!changes}>
                Save
              </Button>
            </div>
          )}
        </form>
      </CardBody>
    </Card>
  );
}
