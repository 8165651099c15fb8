// Where a contact came from, in words: the API's `source` value (api, import, dashboard or form:<formId>) stays as
// the contract says; only its display names the form, linked to it while it exists.
import Link from "next/link";
import type { FormName } from "@/lib/schemas/forms";

const LABELS: Record<string, string> = { api: "API", import: "CSV import", dashboard: "Added in the dashboard" };

/** The form id of a `form:<id>` source, else null. */
export const sourceFormId = (source: string): string | null => /^form:([0-9a-f-]{36})$/i.exec(source)?.[1] ?? null;

const linkClass =
  "rounded font-medium text-slate-900 underline decoration-slate-300 underline-offset-2 hover:text-brand-700 " +
  "focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * A form named and linked (the form “Newsletter”), a deleted one named without a link, one not in `forms` as
 * "a form" (linked: the form page says what it is). `start`: at the start of a sentence (Form “Newsletter”).
 */
export function FormReference(props: { formId: string; forms: Map<string, FormName>; start?: boolean }) {
  const form = props.forms.get(props.formId);
  const the = props.start ? "Form" : "the form";
  if (form?.deleted) return <span title="This form was deleted">{`${the} “${form.name}” (deleted)`}</span>;
  return (
    <>
      {form ? `${the} ` : props.start ? "A " : "a "}
      <Link href={`/forms/${props.formId}`} className={linkClass}>
        {form ? `“${form.name}”` : "form"}
      </Link>
    </>
  );
}

export function ContactSource({ source, forms }: { source: string; forms: Map<string, FormName> }) {
  const formId = sourceFormId(source);
  return formId ? <FormReference formId={formId} forms={forms} start /> : <>{LABELS[source] ?? source}</>;
}
