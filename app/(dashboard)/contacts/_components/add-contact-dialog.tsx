"use client";
import { useId, useState, type FormEvent } from "react";
import { CONTACT_STATUSES, type ContactStatus, type CreateContact } from "@/lib/schemas/contacts";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { Tag } from "@/lib/schemas/tags";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import type { FieldErrorMap } from "@/lib/action-result";
import { fieldMessageOf } from "@/lib/pointer-errors";
import { CustomFieldInput, fieldTextsToValues } from "./custom-field-input";
import { STATUS_LABELS } from "@/components/contacts/status-badge";
import { TagChecklist } from "./tag-checklist";

type AddContactDialogProps = {
  open: boolean;
  tags: Tag[];
  fields: CustomField[];
  pending: boolean;
  error?: string;
  fieldErrors: FieldErrorMap;
  /** Messages of single custom fields, by key. */
  customErrors: Record<string, string>;
  onClose: () => void;
  onSubmit: (input: CreateContact) => void;
};

export function AddContactDialog(props: AddContactDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title="Add contact" size="lg">
      <AddContactForm {...props} />
    </Dialog>
  );
}

function AddContactForm({
  tags,
  fields,
  pending,
  error,
  fieldErrors,
  customErrors,
  onClose,
  onSubmit,
}: AddContactDialogProps) {
  const statusId = useId();
  const [email, setEmail] = useState("");
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [status, setStatus] = useState<ContactStatus>("subscribed");
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = fieldTextsToValues(texts, false);
    onSubmit({
      email,
      ...(firstName.trim() ? { firstName } : {}),
      ...(lastName.trim() ? { lastName } : {}),
      status,
      ...(tagIds.length ? { tagIds } : {}),
      ...(Object.keys(values).length ? { fields: values } : {}),
    });
  };
  const shown = ["email", "firstName", "lastName", "status", "tagIds", "fields"];
  const formError = error && !shown.some((f) => fieldErrors[f]) ? error : undefined;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextField
        label="Email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
        autoComplete="off"
        data-autofocus
        error={fieldMessageOf(error, fieldErrors.email)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          maxLength={100}
          autoComplete="off"
          error={fieldErrors.firstName}
        />
        <TextField
          label="Last name"
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
          maxLength={100}
          autoComplete="off"
          error={fieldErrors.lastName}
        />
      </div>
      <div>
        <Label htmlFor={statusId}>Status</Label>
        <Select
          id={statusId}
          className="mt-1.5"
          value={status}
          onChange={(e) => setStatus(e.target.value as ContactStatus)}
        >
          {CONTACT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      <TagChecklist tags={tags} value={tagIds} onChange={setTagIds} />
      {fieldErrors.tagIds && <p className="text-[13px] text-red-600">{fieldErrors.tagIds}</p>}
      {fields.length > 0 && (
        <fieldset className="space-y-4 border-t border-slate-200 pt-4">
          <legend className="sr-only">Custom fields</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {fields.map((field) => (
              <CustomFieldInput
                key={field.id}
                field={field}
                value={texts[field.key] ?? ""}
                onChange={(v) => setTexts((t) => ({ ...t, [field.key]: v }))}
                error={customErrors[field.key]}
              />
            ))}
          </div>
        </fieldset>
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          Add contact
        </Button>
      </DialogFooter>
    </form>
  );
}
