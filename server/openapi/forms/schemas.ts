// The forms resource (app/api/v1/forms): its tag, its answers' schemas with their examples and the definition rules
// create and update share, for the operations beside this file. Form bodies are wrapped in `{ data }`, lists in
// `{ data, total, page, limit, totalPages }`, as the API contract fixes.
import { z } from "zod";
import { offsetPage } from "@/lib/schemas/common";
import { ZForm, ZFormDisplay, ZFormStyles, ZFormSubmission } from "@/lib/schemas/forms";

export const tag = "Forms";

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

export const ZFormEnvelope = z.object({ data: ZForm }).meta({
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
      // The defaults, as a form created without styles or display answers them.
      styles: ZFormStyles.parse({}),
      display: ZFormDisplay.parse({}),
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
export const ZFormPage = offsetPage(ZForm).meta({ id: "FormPage" });
export const ZSubmissionPage = offsetPage(ZFormSubmission).meta({
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

export const DEFINITION =
  "`fields` are the inputs in order: exactly one `email` field; `custom` fields are named by an existing custom " +
  "field's key (422 on `#/fields/2/name` otherwise), a select field's `options` must be among that field's options " +
  "(`#/fields/2/options/0`); a `checkbox` field's `tagId`, the form's `tagIds` and `segmentId` must exist in this " +
  "workspace. `styles` and `display` take defaults for every key left out. A `landing_page` form always has " +
  "`landingPageMeta.slug` (generated from the name when none is given); slugs are unique across the installation " +
  "(422 on `#/landingPageMeta/slug` when taken).";
