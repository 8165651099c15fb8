// Calls of the forms API through the real route handlers, for the forms-*.test.ts files.
import * as collection from "@/app/api/v1/forms/route";
import * as item from "@/app/api/v1/forms/[id]/route";
import * as publish from "@/app/api/v1/forms/[id]/publish/route";
import * as unpublish from "@/app/api/v1/forms/[id]/unpublish/route";
import * as archive from "@/app/api/v1/forms/[id]/archive/route";
import * as unarchive from "@/app/api/v1/forms/[id]/unarchive/route";
import * as duplicate from "@/app/api/v1/forms/[id]/duplicate/route";
import * as submissions from "@/app/api/v1/forms/[id]/submissions/route";
import { db } from "@/server/db/client";
import { call } from "./fixtures";

export const formActions = { publish, unpublish, archive, unarchive, duplicate };
export type FormAction = keyof typeof formActions;
export { collection, item, submissions };

export const createForm = (key: string, body: unknown) => call(collection.POST, "POST", "/api/v1/forms", { key, body });

export const listForms = (key: string, query = "") =>
  call(collection.GET, "GET", `/api/v1/forms${query ? `?${query}` : ""}`, { key });

export const formById = (method: "GET" | "PATCH" | "DELETE", key: string, id: string, body?: unknown) =>
  call(item[method], method, `/api/v1/forms/${id}`, { key, body, params: { id } });

export const formAct = (action: FormAction, key: string, id: string) =>
  call(formActions[action].POST, "POST", `/api/v1/forms/${id}/${action}`, { key, params: { id } });

export const listSubmissions = (key: string, id: string, query = "") =>
  call(submissions.GET, "GET", `/api/v1/forms/${id}/submissions${query ? `?${query}` : ""}`, {
    key,
    params: { id },
  });

/** A form created through the API, answering its record (throws on anything but 201). */
export async function newForm(key: string, body: Record<string, unknown> = {}) {
  const res = await createForm(key, { name: "Form", ...body });
  if (res.status !== 201) throw new Error(`newForm: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; [k: string]: unknown };
}

/** Stored submissions (the public endpoint is not this API's): one contact each, `minutesAgo` apart. */
export async function seedSubmissions(workspaceId: string, formId: string, emails: string[]) {
  const now = Date.now();
  const ids: string[] = [];
  for (const [i, email] of emails.entries()) {
    const contact = await db().contact.create({
      data: { workspaceId, email, emailKey: email.toLowerCase(), source: `form:${formId}`, status: "pending" },
    });
    const row = await db().formSubmission.create({
      data: {
        formId,
        workspaceId,
        contactId: contact.id,
        data: { email, firstName: `N${i}` },
        ipAddress: "203.0.113.7",
        userAgent: "Mozilla/5.0",
        timezone: "Europe/London",
        referrer: "https://blog.example.com/",
        utmSource: i % 2 ? "newsletter" : null,
        source: i % 2 ? "newsletter" : "blog.example.com",
        device: "Desktop",
        audienceStatus: "pending",
        contactEmail: email,
        submittedAt: new Date(now - (emails.length - i) * 60_000),
      },
    });
    ids.push(row.id);
  }
  return ids;
}

export const pointers = (body: { errors?: { pointer: string }[] }) => (body.errors ?? []).map((e) => e.pointer);
