"use client";
import { CONTACT_STATUSES, type ContactStatus, type CreateContact } from "@/lib/schemas/contacts";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { Tag } from "@/lib/schemas/tags";
import { FormDialog } from "@/components/ui/form-dialog";
import { SelectField } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { fieldMessageOf, pointerErrorsUnder } from "@/lib/pointer-errors";
import { CustomFieldInputs, NameFields } from "./contact-fields";
import { fieldTextsToValues } from "./custom-field-input";
import { STATUS_LABELS } from "@/components/contacts/status-badge";
import { TagChecklist } from "./tag-checklist";

type AddContactDialogProps = {
  open: boolean;
  tags: Tag[];
  fields: CustomField[];
  pending: boolean;
  /** The create mutation's error: its summary, its fields' messages and those of single custom fields. */
  error: unknown;
  onClose: () => void;
  onSubmit: (input: CreateContact) => void;
};

type Values = {
  email: string;
  firstName: string;
  lastName: string;
  status: ContactStatus;
  tagIds: string[];
  /** Custom fields' texts by key, turned into typed values on submit. */
  fields: Record<string, string>;
};

const initialValues: Values = { email: "", firstName: "", lastName: "", status: "subscribed", tagIds: [], fields: {} };

/** Empty names, tags and custom fields are left out of the request rather than sent blank. */
function toCreateContact({ email, firstName, lastName, status, tagIds, fields }: Values): CreateContact {
  const values = fieldTextsToValues(fields, false);
  return {
    email,
    ...(firstName.trim() ? { firstName } : {}),
    ...(lastName.trim() ? { lastName } : {}),
    status,
    ...(tagIds.length ? { tagIds } : {}),
    ...(Object.keys(values).length ? { fields: values } : {}),
  };
}

export function AddContactDialog({ open, tags, fields, pending, error, onClose, onSubmit }: AddContactDialogProps) {
  const customErrors = pointerErrorsUnder(error, "#/fields/");
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Add contact"
      size="lg"
      initialValues={initialValues}
      submitLabel="Add contact"
      pending={pending}
      error={error}
      onSubmit={(values) => onSubmit(toCreateContact(values))}
    >
      {({ values, set, errors, bind }) => (
        <>
          <TextField
            label="Email"
            type="email"
            {...bind("email")}
            required
            autoComplete="off"
            data-autofocus
            error={fieldMessageOf(errors.message, errors.fields.email)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <NameFields values={values} onChange={set} errors={errors.fields} autoComplete="off" />
          </div>
          <SelectField
            label="Status"
            value={values.status}
            onValueChange={(status) => set("status", status)}
            options={CONTACT_STATUSES}
            labels={STATUS_LABELS}
          />
          <TagChecklist tags={tags} value={values.tagIds} onChange={(tagIds) => set("tagIds", tagIds)} />
          {errors.fields.tagIds && <p className="text-[13px] text-red-600">{errors.fields.tagIds}</p>}
          {fields.length > 0 && (
            <fieldset className="space-y-4 border-t border-slate-200 pt-4">
              <legend className="sr-only">Custom fields</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <CustomFieldInputs
                  fields={fields}
                  texts={values.fields}
                  onChange={(texts) => set("fields", texts)}
                  errors={customErrors}
                />
              </div>
            </fieldset>
          )}
        </>
      )}
    </FormDialog>
  );
}
