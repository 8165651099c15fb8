// A public submission's values checked against the form's own fields (and, for custom fields, the workspace's
// definitions): what the visitor typed becomes contact attributes, custom-field values, tags from ticked boxes and
// the stored `data`. Anything that is not a field of the form is ignored; every problem is a pointer at the field
// name ("#/email"), which the embed script shows beside that input. Pure.
import type { FieldError } from "@/server/errors";
import type { FormField } from "@/lib/schemas/forms";
import { NAME_MAX, ZEmail } from "@/lib/schemas/contacts";
import { TEXT_FIELD_MAX, validateFields, type FieldDef } from "@/server/services/custom-fields/validate-fields";

export type ParsedSubmission = {
  email: string;
  firstName: string | null;
  lastName: string | null;
  fields: Record<string, unknown>;
  /** Tags of ticked checkboxes. */
  tagIds: string[];
  /** Stored as the submission's `data`: every field of the form, by name. */
  data: Record<string, unknown>;
};

const asText = (raw: unknown): string | null =>
  typeof raw === "string" ? raw.trim() || null : typeof raw === "number" ? String(raw) : null;

/** Browsers post a ticked box as "on" (urlencoded) or true (JSON). */
const isTicked = (raw: unknown) =>
  raw === true || (typeof raw === "string" && ["on", "true", "yes", "1"].includes(raw.trim().toLowerCase()));

export function parseSubmission(
  formFields: FormField[],
  defs: FieldDef[],
  input: Record<string, unknown>,
): { ok: true; value: ParsedSubmission } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const value: ParsedSubmission = { email: "", firstName: null, lastName: null, fields: {}, tagIds: [], data: {} };
  const fail = (name: string, detail: string) => errors.push({ pointer: `#/${name}`, detail });
  const defsByKey = new Map(defs.map((d) => [d.key, d]));

  for (const field of formFields) {
    const raw = input[field.name];
    switch (field.type) {
      case "email": {
        const parsed = ZEmail.safeParse(typeof raw === "string" ? raw : "");
        if (!asText(raw)) fail(field.name, "Enter your email address.");
        else if (!parsed.success) fail(field.name, "Enter a valid email address, like name@example.com.");
        else value.email = value.data.email = parsed.data;
        break;
      }
      case "first_name":
      case "last_name": {
        const text = asText(raw);
        if (!text && field.required) fail(field.name, `Enter your ${field.label.toLowerCase()}.`);
        else if (text && text.length > NAME_MAX) fail(field.name, `At most ${NAME_MAX} characters.`);
        else if (text) value[field.type === "first_name" ? "firstName" : "lastName"] = value.data[field.name] = text;
        break;
      }
      case "custom": {
        const def = defsByKey.get(field.name);
        const text = asText(raw) ?? (typeof raw === "boolean" ? String(raw) : null);
        if (!text) {
          if (field.required) fail(field.name, `${field.label} is required.`);
          break;
        }
        if (field.options && !field.options.includes(text)) {
          fail(field.name, `Choose one of: ${field.options.join(", ")}.`);
          break;
        }
        // A field deleted since the form was saved still collects its value in the submission, not on the contact.
        if (!def) {
          value.data[field.name] = text.slice(0, TEXT_FIELD_MAX);
          break;
        }
        const checked = validateFields([def], { [field.name]: text }, "#");
        const error = checked.errors[0];
        if (error) fail(field.name, error.detail);
        else value.fields[field.name] = value.data[field.name] = checked.values[field.name];
        break;
      }
      case "checkbox":
      case "consent": {
        const ticked = isTicked(raw);
        if (!ticked && (field.type === "consent" || field.required))
          fail(
            field.name,
            field.type === "consent" ? "Please give your consent to subscribe." : "Please tick this box.",
          );
        value.data[field.name] = ticked;
        if (ticked && field.type === "checkbox" && field.tagId) value.tagIds.push(field.tagId);
        break;
      }
      case "hidden": {
        const text = (asText(raw) ?? field.value ?? null)?.slice(0, 500) ?? null;
        if (text === null) break;
        value.data[field.name] = text;
        const def = field.customField ? defsByKey.get(field.customField) : undefined;
        if (def) {
          const checked = validateFields([def], { [def.key]: text }, "#");
          // A hidden value the visitor's URL got wrong must not block a sign-up: it is kept in `data` only.
          if (checked.errors.length === 0) value.fields[def.key] = checked.values[def.key];
        }
        break;
      }
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, value };
}
