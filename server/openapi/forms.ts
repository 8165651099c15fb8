// OpenAPI operations of the forms resource (app/api/v1/forms), except analytics (form-analytics.ts). Form bodies are
// wrapped in `{ data }`, lists in `{ data, total, page, limit, totalPages }`, as the API contract fixes.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { offsetPage, ZIdParams } from "@/lib/schemas/common";
import {
  ZCreateForm,
  ZForm,
  ZFormSubmission,
  ZListFormsQuery,
  ZListSubmissionsQuery,
  ZUpdateForm,
} from "@/lib/schemas/forms";
import { registerOperation } from "./registry";

const tag = "Forms";

export const formsTag = {
  name: tag,
  description: [
    "Sign-up forms: `inline`, `popup`, `sticky_bar` and `slide_in` forms are shown by the embed script",
    "(`/embed.js` loaded with the form's id in `data-form`), `landing_page` forms on their hosted page",
    "(`landingPageUrl`). A form is created as a `draft`; `publish` makes it answer on its public URLs, `unpublish`",
    "takes it back to `draft` (the public URLs answer 404 at once), `archive` takes a draft or published form off",
    "and makes it read-only until `unarchive` (back to `draft`). Archive and unarchive are idempotent (as for",
    "broadcasts): asking for the state the form is already in answers 200 with the form unchanged. Every other move",
    "the rules do not allow is a 409 whose detail names the current status. Deleted forms are gone from every",
    "operation (404).",
  ].join(" "),
};

const ZFormEnvelope = z.object({ data: ZForm }).meta({
  id: "FormEnvelope",
  example: {
    data: {
      id: "8d0b3c1e-2f4a-4b6c-9d8e-7f6a5b4c3d2e",
      workspaceId: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
      name: "Newsletter popup",
      type: "popup",
      status: "published",
      heading: "Join 4,000 readers",
      description: null,
      segmentId: null,
      tagIds: [],
      fields: [{ type: "email", name: "email", label: "Email", placeholder: "you@example.com", required: true }],
      styles: {
        backgroundColor: "#ffffff",
        textColor: "#111827",
        buttonColor: "#4f46e5",
        buttonTextColor: "#ffffff",
        inputBorderColor: "#d1d5db",
        fontFamily: "system",
        fontSize: 16,
        borderRadius: 8,
        buttonText: "Subscribe",
        layout: "stacked",
        maxWidth: 480,
      },
      display: { delaySeconds: 5, exitIntent: false, frequencyDays: 7, position: "bottom", corner: "bottom_right" },
      successMessage: "Thanks! Check your inbox to confirm your subscription.",
      redirectUrl: null,
      doubleOptIn: true,
      consentStatement: null,
      privacyPolicyUrl: null,
      confirmationSubject: null,
      confirmationText: null,
      confirmationRedirectUrl: null,
      captureTimezone: true,
      landingPageMeta: null,
      viewsCount: 1200,
      submissionsCount: 84,
      embedUrl: "https://mail.example.com/api/forms/8d0b3c1e-2f4a-4b6c-9d8e-7f6a5b4c3d2e",
      landingPageUrl: null,
      createdAt: "2026-11-20T09:30:00.000Z",
      updatedAt: "2026-11-22T10:00:00.000Z",
      publishedAt: "2026-11-22T10:00:00.000Z",
      archivedAt: null,
      deletedAt: null,
    },
  },
});
const ZFormPage = offsetPage(ZForm).meta({ id: "FormPage" });
const ZSubmissionPage = offsetPage(ZFormSubmission).meta({
  id: "FormSubmissionPage",
  example: {
    data: [
      {
        id: "5c4b3a29-1807-4f6e-8d5c-4b3a29180706",
        formId: "8d0b3c1e-2f4a-4b6c-9d8e-7f6a5b4c3d2e",
        workspaceId: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
        contactId: "0f1e2d3c-4b5a-4697-8877-665544332211",
        data: { email: "ada@example.com", firstName: "Ada" },
        ipAddress: "203.0.113.7",
        userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)",
        timezone: "Europe/London",
        referrer: "https://blog.example.com/post",
        utmSource: "newsletter",
        source: "newsletter",
        device: "Mobile",
        submittedAt: "2026-11-22T10:04:11.512Z",
        audienceStatus: "pending",
        contactStatus: "subscribed",
        contactEmail: "ada@example.com",
      },
    ],
    total: 1,
    page: 1,
    limit: 50,
    totalPages: 1,
  },
});

const DEFINITION =
  "`fields` are the inputs in order: exactly one `email` field; `custom` fields are named by an existing custom " +
  "field's key (422 on `#/fields/2/name` otherwise), a select field's `options` must be among that field's options " +
  "(`#/fields/2/options/0`); a `checkbox` field's `tagId`, the form's `tagIds` and `segmentId` must exist in this " +
  "workspace. `styles` and `display` take defaults for every key left out. A `landing_page` form always has " +
  "`landingPageMeta.slug` (generated from the name when none is given); slugs are unique across the installation " +
  "(422 on `#/landingPageMeta/slug` when taken).";

const formResponse = (description: string) => ({ status: 200, description, schema: ZFormEnvelope });

export function registerForms(registry: OpenAPIRegistry) {
  const op = (o: Omit<Parameters<typeof registerOperation>[1], "tag">) => registerOperation(registry, { ...o, tag });

  op({
    method: "get",
    path: "/api/v1/forms",
    operationId: "listForms",
    scope: "read",
    summary: "List forms",
    description:
      "Filter by `status`, `type`, `search` (name, case-insensitive) and `from`/`to` (created; a day or a " +
      "date-time). Sort by `sortBy` (createdAt, name, publishedAt, submissionsCount; forms never published come " +
      "last) and `order` (default createdAt desc). Offset pagination: `page` ≥ 1, `limit` 1–100 (default 20). " +
      "Any invalid value is a 422 naming the parameter. Deleted forms are never listed.",
    query: ZListFormsQuery,
    success: { status: 200, description: "A page of forms", schema: ZFormPage },
    errors: [422],
  });
  op({
    method: "post",
    path: "/api/v1/forms",
    operationId: "createForm",
    scope: "write",
    summary: "Create a form",
    description:
      "Creates a `draft`. Only `name` is required: `type` defaults to `inline`, `fields` to one email field, " +
      "`doubleOptIn` to true and `successMessage` to a message that fits it (asking to confirm, or thanking). " +
      DEFINITION,
    body: ZCreateForm,
    success: { status: 201, description: "The new draft", schema: ZFormEnvelope },
    errors: [422],
  });
  op({
    method: "get",
    path: "/api/v1/forms/{id}",
    operationId: "getForm",
    scope: "read",
    summary: "Get a form",
    params: ZIdParams,
    success: formResponse("The form"),
    errors: [404],
  });
  op({
    method: "patch",
    path: "/api/v1/forms/{id}",
    operationId: "updateForm",
    scope: "write",
    summary: "Update a form",
    description:
      "Changes the fields sent (null clears an optional one; `fields`, `styles`, `display` and `landingPageMeta` " +
      "are replaced whole). A published form changes live. An archived form is read-only: 409, unarchive it " +
      `first. ${DEFINITION}`,
    params: ZIdParams,
    body: ZUpdateForm,
    success: formResponse("The updated form"),
    errors: [404, 409, 422],
    errorDescriptions: { 409: "The form is archived; the detail says so" },
  });
  op({
    method: "delete",
    path: "/api/v1/forms/{id}",
    operationId: "deleteForm",
    scope: "write",
    summary: "Delete a form",
    description:
      "In any status. The form is a 404 from then on, here and on its public URLs; its landing-page slug is free " +
      "for another form. Its submissions stay with the contacts they created.",
    params: ZIdParams,
    success: { status: 204, description: "Deleted", schema: null },
    errors: [404],
  });
  const moves = [
    [
      "publish",
      "publishForm",
      "Publish a form",
      "From `draft` only (an archived form is unarchived first). Sets " +
        "`publishedAt`; the embed URL and the landing page answer from the next request.",
      "The published form",
    ],
    [
      "unpublish",
      "unpublishForm",
      "Unpublish a form",
      "From `published` only: back to `draft`, `publishedAt` " + "null; the public URLs answer 404 at once.",
      "The form, a draft again",
    ],
    [
      "archive",
      "archiveForm",
      "Archive a form",
      "From `draft` or `published`: `archived`, off the public URLs " +
        "(`publishedAt` null) and read-only until unarchived. Archiving an archived form answers it unchanged " +
        "(200, its first `archivedAt` kept).",
      "The archived form",
    ],
    [
      "unarchive",
      "unarchiveForm",
      "Unarchive a form",
      "From `archived`: back to `draft` (publish it again to put it live). Unarchiving a form that is not archived " +
        "answers it unchanged (200).",
      "The form, a draft",
    ],
  ] as const;
  for (const [action, operationId, summary, description, success] of moves) {
    op({
      method: "post",
      path: `/api/v1/forms/{id}/${action}`,
      operationId,
      scope: "write",
      summary,
      // Archive and unarchive accept every status (idempotent); publish and unpublish refuse the others.
      ...(action === "archive" || action === "unarchive"
        ? { description, errors: [404] }
        : {
            description: `${description} Any other status is a 409 naming it.`,
            errors: [404, 409],
            errorDescriptions: { 409: "The form's status does not allow this move; the detail names it" },
          }),
      params: ZIdParams,
      success: formResponse(success),
    });
  }
  op({
    method: "post",
    path: "/api/v1/forms/{id}/duplicate",
    operationId: "duplicateForm",
    scope: "write",
    summary: "Duplicate a form",
    description:
      'A new draft named "<name> (copy)" with the same definition, from a form in any status, with zero counts ' +
      "and, for a landing page, a new slug. The source is not changed.",
    params: ZIdParams,
    success: { status: 201, description: "The new draft", schema: ZFormEnvelope },
    errors: [404],
  });
  op({
    method: "get",
    path: "/api/v1/forms/{id}/submissions",
    operationId: "listFormSubmissions",
    scope: "read",
    summary: "List a form's submissions",
    description:
      "Newest first. Offset pagination: `page` ≥ 1, `limit` 1–100 (default 50). `audienceStatus` is the " +
      "contact's status right after submitting (`pending` while a double opt-in waits for confirmation); " +
      "`contactStatus` is the contact's status now (`subscribed` once they confirmed).",
    params: ZIdParams,
    query: ZListSubmissionsQuery,
    success: { status: 200, description: "A page of submissions", schema: ZSubmissionPage },
    errors: [404, 422],
  });
}
