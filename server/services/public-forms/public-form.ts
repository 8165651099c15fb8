// A form as the public sees it: only published, undeleted forms exist here (anything else is a 404 at once: the
// config is read per request, and a submission's kept definition is checked by the statement that writes it). The
// config the embed script and the landing page render from.
import { preparedSql } from "@/server/db/pool";
import { appUrl } from "@/server/config";
import { AppError } from "@/server/errors";
import { ZUuid } from "@/lib/schemas/common";
import { type LandingPageMeta, type PublicForm } from "@/lib/schemas/forms";
import { loadFieldDefs, type FieldDef } from "@/server/services/custom-fields/validate-fields";
import { formDefinition, type FormRow } from "@/server/services/forms/form-record";
import { renderToken } from "./render-token";

// Read on every config fetch and every submission: raw and prepared (Prisma's per-query CPU would be most of it).
const LIVE_COLUMNS = `id::text, "workspaceId"::text AS "workspaceId", type::text AS type, heading, description, fields, styles,
         display, "successMessage", "redirectUrl", "doubleOptIn", "consentStatement", "privacyPolicyUrl",
         "captureTimezone", "landingPageMeta", slug, "tagIds"::text[] AS "tagIds"`;
const LIVE = `FROM "Form" WHERE status = 'published' AND "deletedAt" IS NULL`;
const BY_ID = `SELECT ${LIVE_COLUMNS} ${LIVE} AND id = $1::uuid`;
const BY_SLUG = `SELECT ${LIVE_COLUMNS} ${LIVE} AND slug = $1 AND type = 'landing_page'`;
// The row version (xmin: every UPDATE of the row, by any process or statement, writes a new one) read with it.
const FOR_SUBMIT = `SELECT xmin::text AS version, ${LIVE_COLUMNS} ${LIVE} AND id = $1::uuid`;
/**
 * The custom field definitions a form's fields name, with their versions in one string: the writing statement
 * computes the same string (submit-sql.ts FORM_VERSION), so a definition created, changed or deleted since shows.
 */
const FIELD_DEFS = `
  SELECT key, type::text AS type, options, key || ':' || xmin::text AS version
    FROM "CustomField" WHERE "workspaceId" = $1::uuid AND key = ANY($2::text[])
   ORDER BY key COLLATE "C"`;

/** What the submission pipeline needs besides the public config. */
export type LiveForm = PublicForm & {
  workspaceId: string;
  doubleOptIn: boolean;
  tagIds: string[];
  slug: string | null;
  landingPageMeta: LandingPageMeta | null;
};

export const formNotFound = () => new AppError("NOT_FOUND", "Form not found (it may be unpublished).");

export async function loadLiveForm(formId: string): Promise<LiveForm | null> {
  const id = ZUuid.safeParse(formId);
  if (!id.success) return null;
  const [row] = await preparedSql<Row>(BY_ID, [id.data]);
  return row ? toLive(row) : null;
}

/**
 * A live form as a submission is checked against it: with the custom field definitions its fields name and the
 * versions of both, which the statement that stores the submission compares (submit-sql.ts): a kept copy that is
 * no longer current writes nothing, and the submission is checked again against a fresh one.
 */
export type SubmitForm = LiveForm & {
  defs: FieldDef[];
  version: FormVersion;
  /** When it was read (Date.now()). */
  readAt: number;
  /** A copy kept from an earlier request (a refusal judged on it is judged again on a fresh one). */
  kept: boolean;
};
export type FormVersion = { form: string; fieldKeys: string[]; fields: string };

/**
 * The definition a submission is checked against, kept up to SUBMIT_CACHE_MS per process: reading it (and, for
 * forms with custom fields, their definitions) cost a submission one or two round trips. Keeping it never lets a
 * stale copy decide anything that is stored, in this process or any other: the writing statement checks that the
 * form is still published and that both versions are unchanged. Missing forms are not kept, so a form published a
 * moment ago takes submissions at once. `fresh` skips the kept copy (and replaces it).
 */
const SUBMIT_CACHE_MS = 5_000;
const recent = new Map<string, SubmitForm>();

export async function loadLiveFormForSubmit(
  formId: string,
  { now = Date.now(), fresh = false } = {},
): Promise<SubmitForm | null> {
  const hit = fresh ? undefined : recent.get(formId);
  if (hit && now - hit.readAt < SUBMIT_CACHE_MS) return { ...hit, kept: true };
  const id = ZUuid.safeParse(formId);
  const [row] = id.success ? await preparedSql<Row & { version: string }>(FOR_SUBMIT, [id.data]) : [];
  if (!row) {
    recent.delete(formId);
    return null;
  }
  const live = toLive(row);
  const fieldKeys = customFieldKeys(live);
  const defs = fieldKeys.length
    ? await preparedSql<FieldDef & { options: unknown; version: string }>(FIELD_DEFS, [live.workspaceId, fieldKeys])
    : [];
  const form: SubmitForm = {
    ...live,
    defs: defs.map(({ key, type, options }) => ({
      key,
      type,
      options: Array.isArray(options) ? options.filter((o): o is string => typeof o === "string") : [],
    })),
    version: { form: row.version, fieldKeys, fields: defs.map((d) => d.version).join(",") },
    readAt: now,
    kept: false,
  };
  if (recent.size >= 1_000) recent.clear();
  recent.set(formId, form);
  return form;
}

/** The custom fields a form stores values in (by key), sorted: the part of the workspace's definitions it uses. */
const customFieldKeys = (form: LiveForm) =>
  [
    ...new Set(
      form.fields.flatMap((f) =>
        f.type === "custom" ? [f.name] : f.type === "hidden" && f.customField ? [f.customField] : [],
      ),
    ),
  ].sort();

export async function loadLiveFormBySlug(slug: string): Promise<LiveForm | null> {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return null;
  const [row] = await preparedSql<Row>(BY_SLUG, [slug]);
  return row ? toLive(row) : null;
}

/** The landing page's data (app/(public)/f/[slug]): the config plus its meta tags. */
export async function loadPublicFormBySlug(slug: string) {
  const form = await loadLiveFormBySlug(slug);
  return form ? { config: await publicConfig(form), meta: form.landingPageMeta } : null;
}

/**
 * The JSON the public config URL answers with (a fresh render token each time), with the type of each custom field
 * the form asks for, so the browser shows a number, date, checkbox or choice input and checks it before sending.
 */
export async function publicConfig(form: LiveForm): Promise<PublicForm> {
  const wanted = form.fields.filter((f) => f.type === "custom");
  const defs = wanted.length ? await loadFieldDefs(form.workspaceId) : [];
  const customFields = Object.fromEntries(
    wanted.flatMap((f) => {
      const def = defs.find((d) => d.key === f.name);
      if (!def) return [];
      const options = def.type === "select" ? (f.options ?? def.options) : [];
      return [[f.name, { type: def.type, options }]];
    }),
  );
  return {
    id: form.id,
    type: form.type,
    heading: form.heading,
    description: form.description,
    fields: form.fields,
    styles: form.styles,
    display: form.display,
    successMessage: form.successMessage,
    redirectUrl: form.redirectUrl,
    consentStatement: form.consentStatement,
    privacyPolicyUrl: form.privacyPolicyUrl,
    captureTimezone: form.captureTimezone,
    submitUrl: form.submitUrl,
    viewUrl: form.viewUrl,
    renderToken: renderToken(form.id),
    customFields,
  };
}

type Row = Pick<
  FormRow,
  | "id"
  | "workspaceId"
  | "type"
  | "heading"
  | "description"
  | "fields"
  | "styles"
  | "display"
  | "landingPageMeta"
  | "successMessage"
  | "redirectUrl"
  | "doubleOptIn"
  | "consentStatement"
  | "privacyPolicyUrl"
  | "captureTimezone"
  | "slug"
  | "tagIds"
>;

function toLive(row: Row): LiveForm {
  const base = `${appUrl()}/api/forms/${row.id}`;
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    type: row.type,
    heading: row.heading,
    description: row.description,
    ...formDefinition(row),
    successMessage: row.successMessage,
    redirectUrl: row.redirectUrl,
    doubleOptIn: row.doubleOptIn,
    consentStatement: row.consentStatement,
    privacyPolicyUrl: row.privacyPolicyUrl,
    captureTimezone: row.captureTimezone,
    submitUrl: `${base}/submissions`,
    viewUrl: `${base}/views`,
    renderToken: "",
    tagIds: row.tagIds,
    slug: row.slug,
  };
}
