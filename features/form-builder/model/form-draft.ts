// The builder's unsaved copy of a form and the pure moves on it: what Save sends, what the live preview renders,
// the field list's reorder/add/remove. Kept free of React so the rules are unit-tested (form-draft.test.ts).
import type { CustomField } from "@/lib/schemas/custom-fields";
import {
  MAX_FORM_FIELDS,
  type Form,
  type FormField,
  type LandingPageMeta,
  type PublicForm,
  type UpdateForm,
} from "@/lib/schemas/forms";

/** What the builder edits: every part of a form the update accepts. */
export type FormDraft = Pick<
  Form,
  | "name"
  | "type"
  | "heading"
  | "description"
  | "segmentId"
  | "tagIds"
  | "fields"
  | "styles"
  | "display"
  | "successMessage"
  | "redirectUrl"
  | "doubleOptIn"
  | "consentStatement"
  | "privacyPolicyUrl"
  | "captureTimezone"
  | "confirmationSubject"
  | "confirmationText"
  | "confirmationRedirectUrl"
  | "landingPageMeta"
>;

export type AddableFieldType = Exclude<FormField["type"], "email">;

export function draftOf(form: Form): FormDraft {
  return {
    name: form.name,
    type: form.type,
    heading: form.heading,
    description: form.description,
    segmentId: form.segmentId,
    tagIds: form.tagIds,
    fields: form.fields,
    styles: form.styles,
    display: form.display,
    successMessage: form.successMessage,
    redirectUrl: form.redirectUrl,
    doubleOptIn: form.doubleOptIn,
    consentStatement: form.consentStatement,
    privacyPolicyUrl: form.privacyPolicyUrl,
    captureTimezone: form.captureTimezone,
    confirmationSubject: form.confirmationSubject,
    confirmationText: form.confirmationText,
    confirmationRedirectUrl: form.confirmationRedirectUrl,
    landingPageMeta: form.landingPageMeta,
  };
}

/** Inputs hold "" for "nothing"; the API wants null there (an empty URL is not a URL, an empty title not a title). */
const orNull = (v: string | null | undefined) => (v && v.trim() ? v : null);

function landingMeta(meta: LandingPageMeta | null): LandingPageMeta | null {
  if (!meta) return null;
  return {
    slug: meta.slug,
    title: orNull(meta.title),
    description: orNull(meta.description),
    imageUrl: orNull(meta.imageUrl),
  };
}

/**
 * The PATCH body of a save: the whole draft, so the server validates the form as one (a field name clash, a slug
 * taken) and answers pointers that match the builder's inputs one to one. A landing page whose slug input was
 * cleared sends no meta, and the server generates a slug from the name again.
 */
export function toUpdateInput(draft: FormDraft): UpdateForm {
  const meta = draft.type === "landing_page" ? landingMeta(draft.landingPageMeta) : draft.landingPageMeta;
  return {
    ...draft,
    heading: orNull(draft.heading),
    description: orNull(draft.description),
    redirectUrl: orNull(draft.redirectUrl),
    consentStatement: orNull(draft.consentStatement),
    privacyPolicyUrl: orNull(draft.privacyPolicyUrl),
    confirmationSubject: orNull(draft.confirmationSubject),
    confirmationText: orNull(draft.confirmationText),
    confirmationRedirectUrl: orNull(draft.confirmationRedirectUrl),
    landingPageMeta: meta && meta.slug ? meta : null,
    fields: draft.fields.map((f) =>
      f.type === "hidden"
        ? { ...f, param: orNull(f.param), value: f.value ?? null, customField: orNull(f.customField) }
        : "placeholder" in f
          ? { ...f, placeholder: orNull(f.placeholder) }
          : f,
    ),
  };
}

/** Same content, ignoring the key order JSON round trips may change. */
export function sameDraft(a: FormDraft, b: FormDraft): boolean {
  return stableJson(toUpdateInput(a)) === stableJson(toUpdateInput(b));
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y)))
      : v,
  );
}

/** What the embed script renders in preview mode: the public config of the unsaved draft (no network URLs). */
export function toPreviewConfig(id: string, draft: FormDraft): PublicForm {
  return {
    id,
    type: draft.type,
    heading: orNull(draft.heading),
    description: orNull(draft.description),
    fields: draft.fields,
    styles: draft.styles,
    display: draft.display,
    successMessage: draft.successMessage,
    redirectUrl: null,
    consentStatement: orNull(draft.consentStatement),
    privacyPolicyUrl: orNull(draft.privacyPolicyUrl),
    captureTimezone: draft.captureTimezone,
    submitUrl: "",
    viewUrl: "",
    renderToken: "",
  };
}

/** The item at `from` moved to `to` (both clamped); the same array when nothing moves. */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from === target || from < 0 || from >= items.length) return items;
  const next = items.slice();
  next.splice(target, 0, ...next.splice(from, 1));
  return next;
}

/** `base`, or `base2`, `base3`… : the first name no field uses yet. */
export function uniqueName(fields: FormField[], base: string): string {
  const taken = new Set(fields.map((f) => f.name));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/** Whether one more field of this type may be added (first/last name and consent make sense once). */
export function canAdd(fields: FormField[], type: AddableFieldType, customKey?: string): boolean {
  if (fields.length >= MAX_FORM_FIELDS) return false;
  if (type === "first_name" || type === "last_name" || type === "consent") return !fields.some((f) => f.type === type);
  if (type === "custom") return Boolean(customKey) && !fields.some((f) => f.type === "custom" && f.name === customKey);
  return true;
}

/** A new field with sensible defaults; a custom field takes its key, label and (for selects) options. */
export function newField(fields: FormField[], type: AddableFieldType, custom?: CustomField): FormField {
  switch (type) {
    case "first_name":
      return { type, name: "firstName", label: "First name", placeholder: null, required: false };
    case "last_name":
      return { type, name: "lastName", label: "Last name", placeholder: null, required: false };
    case "custom":
      if (!custom) throw new Error("A custom field needs the workspace's custom field.");
      return {
        type,
        name: custom.key,
        label: custom.label,
        placeholder: null,
        required: false,
        options: custom.type === "select" ? custom.options : null,
      };
    case "checkbox":
      return { type, name: uniqueName(fields, "checkbox"), label: "Yes, I'd like that", required: false, tagId: null };
    case "consent":
      return {
        type,
        name: uniqueName(fields, "consent"),
        label: "I agree to receive emails and accept the privacy policy.",
        required: true,
      };
    case "hidden":
      return { type, name: uniqueName(fields, "campaign"), param: "utm_campaign", value: null, customField: null };
  }
}

export const FIELD_TYPE_LABELS: Record<FormField["type"], string> = {
  email: "Email",
  first_name: "First name",
  last_name: "Last name",
  custom: "Custom field",
  checkbox: "Checkbox",
  consent: "Consent",
  hidden: "Hidden",
};

/** The line a field shows in the list: its label, or for hidden fields where the value comes from. */
export function fieldSummary(field: FormField): string {
  if (field.type === "hidden") return field.param ? `${field.name} ← ?${field.param}` : field.name;
  return field.label;
}
