import { db } from "@/server/db/client";
import { offsetPage, offsetWindow, type OffsetPage } from "@/server/http/pagination";
import type { FormSubmission } from "@/lib/schemas/forms";
import { formNotFound } from "./form-record";

const submissionSelect = {
  id: true,
  formId: true,
  workspaceId: true,
  contactId: true,
  data: true,
  ipAddress: true,
  userAgent: true,
  timezone: true,
  referrer: true,
  utmSource: true,
  source: true,
  device: true,
  submittedAt: true,
  audienceStatus: true,
  contactEmail: true,
  contact: { select: { status: true } },
} as const;

type SubmissionRow = {
  [K in Exclude<keyof typeof submissionSelect, "contact">]: K extends "submittedAt"
    ? Date
    : K extends "data"
      ? unknown
      : string | null;
} & { contact: { status: string } };

export function toFormSubmission(row: SubmissionRow): FormSubmission {
  const data = row.data && typeof row.data === "object" && !Array.isArray(row.data) ? row.data : {};
  return {
    id: row.id!,
    formId: row.formId!,
    workspaceId: row.workspaceId!,
    contactId: row.contactId!,
    data: data as Record<string, unknown>,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    timezone: row.timezone,
    referrer: row.referrer,
    utmSource: row.utmSource,
    source: row.source ?? "Direct",
    device: row.device as FormSubmission["device"],
    submittedAt: row.submittedAt.toISOString(),
    audienceStatus: row.audienceStatus!,
    contactStatus: row.contact.status,
    contactEmail: row.contactEmail!,
  };
}

/** Newest first, down the (formId, submittedAt, id) index. A deleted form's submissions are a 404 like the form. */
export async function listFormSubmissions({
  workspaceId,
  formId,
  query,
}: {
  workspaceId: string;
  formId: string;
  query: { page: number; limit: number };
}): Promise<OffsetPage<FormSubmission>> {
  const form = await db().form.findFirst({
    where: { id: formId, workspaceId, deletedAt: null },
    select: { id: true },
  });
  if (!form) throw formNotFound();
  const where = { formId, workspaceId };
  const [rows, total] = await Promise.all([
    db().formSubmission.findMany({
      where,
      orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
      ...offsetWindow(query),
      select: submissionSelect,
    }),
    db().formSubmission.count({ where }),
  ]);
  return offsetPage(rows.map(toFormSubmission), total, query);
}
