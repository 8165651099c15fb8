// A form as the public sees it: only published, undeleted forms exist here (anything else is a 404 at once: no
// cache sits in front of these reads). The config the embed script and the landing page render from.
import { preparedSql } from "@/server/db/pool";
import { appUrl } from "@/server/config";
import { AppError } from "@/server/errors";
import { ZUuid } from "@/lib/schemas/common";
import { type LandingPageMeta, type PublicForm } from "@/lib/schemas/forms";
import { loadFieldDefs } from "@/server/services/custom-fields/validate-fields";
import { formDefinition, type FormRow } from "@/server/services/forms/form-record";
import { renderToken } from "./render-token";

// Read on every config fetch and every submission: raw and prepared (Prisma's per-query CPU would be most of it).
const LIVE_FORM = `
  SELECT id::text, "workspaceId"::text AS "workspaceId", type::text AS type, heading, description, fields, styles,
         display, "successMessage", "redirectUrl", "doubleOptIn", "consentStatement", "privacyPolicyUrl",
         "captureTimezone", "landingPageMeta", slug, "tagIds"::text[] AS "tagIds"
    FROM "Form"
   WHERE status = 'published' AND "deletedAt" IS NULL`;
const BY_ID = `${LIVE_FORM} AND id = $1::uuid`;
const BY_SLUG = `${LIVE_FORM} AND slug = $1 AND type = 'landing_page'`;

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
 * The definition a submission is checked against, kept up to SUBMIT_CACHE_MS per process: reading it was one of a
 * submission's two round trips. Staleness cannot let a submission through to a form that is no longer live: the
 * submission's statement itself checks that the form is still published (submit-sql.ts); at worst, for a few
 * seconds after an edit, a submission is checked against the fields before the edit. Missing forms are not kept,
 * so a form published a moment ago takes submissions at once.
 */
const SUBMIT_CACHE_MS = 5_000;
const recent = new Map<string, { form: LiveForm; at: number }>();

export async function loadLiveFormForSubmit(formId: string, now = Date.now()): Promise<LiveForm | null> {
  const hit = recent.get(formId);
  if (hit && now - hit.at < SUBMIT_CACHE_MS) return hit.form;
  const form = await loadLiveForm(formId);
  if (!form) {
    recent.delete(formId);
    return null;
  }
  if (recent.size >= 1_000) recent.clear();
  recent.set(formId, { form, at: now });
  return form;
}

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
