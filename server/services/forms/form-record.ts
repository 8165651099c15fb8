// The one mapping from a Form row to the API's Form (the OpenAPI schema Form), the column list Prisma selects and raw
// SQL reads share, and the errors every form operation answers.
import { appUrl } from "@/server/config";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { AppError } from "@/server/errors";
import { illegalMove } from "@/server/state-moves";
import {
  ZFormDisplay,
  ZFormFields,
  ZFormStyles,
  ZLandingPageMeta,
  type Form,
  type FormField,
  type FormStatus,
  type FormType,
} from "@/lib/schemas/forms";

export const formSelect = {
  id: true,
  workspaceId: true,
  name: true,
  type: true,
  status: true,
  heading: true,
  description: true,
  segmentId: true,
  tagIds: true,
  fields: true,
  styles: true,
  display: true,
  successMessage: true,
  redirectUrl: true,
  doubleOptIn: true,
  consentStatement: true,
  privacyPolicyUrl: true,
  captureTimezone: true,
  confirmationSubject: true,
  confirmationText: true,
  confirmationRedirectUrl: true,
  landingPageMeta: true,
  slug: true,
  createdAt: true,
  updatedAt: true,
  publishedAt: true,
  archivedAt: true,
  deletedAt: true,
} as const;

/**
 * A form's counters are sums of its FormDailyStats shards (server/services/public-forms/record-view.ts and
 * submit-sql.ts write them), for raw SQL over the alias `f`.
 */
const COUNTS_SQL =
  `(SELECT coalesce(sum(s.views), 0)::int FROM "FormDailyStats" s WHERE s."formId" = f.id) AS "viewsCount", ` +
  `(SELECT coalesce(sum(s.submissions), 0)::int FROM "FormDailyStats" s WHERE s."formId" = f.id) AS "submissionsCount"`;

/** The same columns for raw SQL over the alias `f`, with the counters. */
export const formColumns = [...Object.keys(formSelect).map((c) => `f."${c}"`), COUNTS_SQL].join(", ");

type Counts = { viewsCount: number; submissionsCount: number };

/** A form's counters (all days). */
export async function formCounts(formId: string): Promise<Counts> {
  const [row] = await sql<Counts>(
    `SELECT coalesce(sum(views), 0)::int AS "viewsCount", coalesce(sum(submissions), 0)::int AS "submissionsCount"
       FROM "FormDailyStats" WHERE "formId" = $1::uuid`,
    [formId],
  );
  return row ?? { viewsCount: 0, submissionsCount: 0 };
}

/** A row Prisma selected with formSelect, answered with its counters. */
export async function countedForm(row: Omit<FormRow, keyof Counts>): Promise<Form> {
  return toForm({ ...row, ...(await formCounts(row.id)) });
}

/** A form that has no views or submissions yet (just created or duplicated). */
export const newForm = (row: Omit<FormRow, keyof Counts>): Form =>
  toForm({ ...row, viewsCount: 0, submissionsCount: 0 });

export type FormRow = {
  id: string;
  workspaceId: string;
  name: string;
  type: FormType;
  status: FormStatus;
  heading: string | null;
  description: string | null;
  segmentId: string | null;
  tagIds: string[];
  fields: unknown;
  styles: unknown;
  display: unknown;
  successMessage: string;
  redirectUrl: string | null;
  doubleOptIn: boolean;
  consentStatement: string | null;
  privacyPolicyUrl: string | null;
  captureTimezone: boolean;
  confirmationSubject: string | null;
  confirmationText: string | null;
  confirmationRedirectUrl: string | null;
  landingPageMeta: unknown;
  slug: string | null;
  viewsCount: number;
  submissionsCount: number;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  archivedAt: Date | null;
  deletedAt: Date | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A form's stored JSON, read back. It is written only through the schemas, but parsed again on the way out so a key
 * added later (with its default) shows on forms saved before it existed: every key is always there. The API's
 * record and the public config (server/services/public-forms/public-form.ts) both read it through here.
 */
export function formDefinition(row: Pick<FormRow, "fields" | "styles" | "display" | "landingPageMeta">) {
  const meta = row.landingPageMeta == null ? null : ZLandingPageMeta.safeParse(row.landingPageMeta);
  return {
    fields: formFields(row.fields),
    styles: ZFormStyles.safeParse(row.styles ?? {}).data ?? ZFormStyles.parse({}),
    display: ZFormDisplay.safeParse(row.display ?? {}).data ?? ZFormDisplay.parse({}),
    landingPageMeta: meta?.success ? meta.data : null,
  };
}

export function toForm(row: FormRow): Form {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    type: row.type,
    status: row.status,
    heading: row.heading,
    description: row.description,
    segmentId: row.segmentId,
    tagIds: row.tagIds,
    ...formDefinition(row),
    successMessage: row.successMessage,
    redirectUrl: row.redirectUrl,
    doubleOptIn: row.doubleOptIn,
    consentStatement: row.consentStatement,
    privacyPolicyUrl: row.privacyPolicyUrl,
    captureTimezone: row.captureTimezone,
    confirmationSubject: row.confirmationSubject,
    confirmationText: row.confirmationText,
    confirmationRedirectUrl: row.confirmationRedirectUrl,
    viewsCount: row.viewsCount,
    submissionsCount: row.submissionsCount,
    embedUrl: `${appUrl()}/api/forms/${row.id}`,
    landingPageUrl: row.type === "landing_page" && row.slug ? `${appUrl()}/f/${row.slug}` : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: iso(row.publishedAt),
    archivedAt: iso(row.archivedAt),
    deletedAt: iso(row.deletedAt),
  };
}

/** The stored fields, normalised (defaults filled); a form always has at least its email field. */
export function formFields(stored: unknown): FormField[] {
  const parsed = ZFormFields.safeParse(stored);
  return parsed.success ? parsed.data : ZFormFields.parse([{ type: "email" }]);
}

export const formNotFound = () => new AppError("NOT_FOUND", "Form not found.");

/**
 * Why a conditional UPDATE of a form matched no row: gone (404), or in a status the change does not allow (409
 * naming it). Read after the UPDATE, so the answer describes the state that refused it.
 */
export async function refusedFormChange(
  workspaceId: string,
  formId: string,
  action: string,
  allowed: readonly FormStatus[],
  hint?: (status: FormStatus) => string | undefined,
): Promise<never> {
  const now = await db().form.findFirst({
    where: { id: formId, workspaceId, deletedAt: null },
    select: { status: true },
  });
  if (!now) throw formNotFound();
  throw illegalMove("form", action, now.status, allowed, { instead: hint?.(now.status) });
}

/** The form's row, or a 404 when it is not one of this workspace's or has been deleted. */
export async function loadForm(workspaceId: string, formId: string): Promise<FormRow> {
  const row = await db().form.findFirst({ where: { id: formId, workspaceId, deletedAt: null }, select: formSelect });
  if (!row) throw formNotFound();
  return { ...row, ...(await formCounts(row.id)) };
}
