// Forms: the record the API answers with (in `{data}`, §2.2), what create/update accept, the list, submissions and
// analytics queries, and the public config the embed script and landing page render from.
import { z } from "zod";
import { dateBoundQuery, offsetQuery, text, ZTimestamp, ZUuid } from "./common";
import {
  FORM_STATUSES,
  FORM_TYPES,
  ZFormDisplay,
  ZFormFields,
  ZFormStyles,
  ZLandingPageMeta,
  ZWebUrl,
} from "./form-definition";

export * from "./form-definition";

export const FORM_SORTS = ["createdAt", "name", "publishedAt", "submissionsCount"] as const;
export const ANALYTICS_RANGES = ["7d", "30d", "90d", "1y", "custom"] as const;

export const ZFormType = z.enum(FORM_TYPES).meta({ id: "FormType" });
export const ZFormStatus = z.enum(FORM_STATUSES).meta({ id: "FormStatus" });

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

export const CONFIRMATION_SUBJECT_MAX = 200;
export const CONFIRMATION_TEXT_MAX = 2000;

/** The double opt-in email's subject and message when the form sets none (emails/confirm-subscription.tsx). */
export const defaultConfirmationSubject = (workspaceName: string) => `Confirm your subscription to ${workspaceName}`;
export const defaultConfirmationText = (workspaceName: string) =>
  `You asked to receive emails from ${workspaceName}. Confirm your address so we know it was you.`;

const ZLandingPageMetaInput = ZLandingPageMeta.partial({ slug: true }).meta({ id: "FormLandingPageMetaInput" });

/** Everything a form is made of; create and update accept these (create requires `name`). */
const definition = {
  type: ZFormType,
  heading: nullableText(200).meta({ description: "Headline above the fields", example: "Join 4,000 readers" }),
  description: nullableText(1000).meta({ description: "Text under the headline" }),
  segmentId: ZUuid.nullish().meta({ description: "The segment this form feeds (shown with the form)" }),
  tagIds: z.array(ZUuid).max(20, "At most 20 tags.").meta({ description: "Tags given to every contact who submits" }),
  fields: ZFormFields,
  styles: ZFormStyles,
  display: ZFormDisplay,
  successMessage: text(1000).meta({ example: "Thanks! Check your inbox to confirm." }),
  redirectUrl: ZWebUrl.nullish().meta({
    description: "Where the visitor goes after submitting (instead of the message)",
  }),
  doubleOptIn: z
    .boolean()
    .meta({ description: "Send a confirmation email; the contact is `pending` until they confirm (default true)" }),
  consentStatement: nullableText(2000).meta({ description: "Shown under the fields (GDPR notice)" }),
  privacyPolicyUrl: ZWebUrl.nullish(),
  captureTimezone: z.boolean().meta({ description: "Store the visitor's browser time zone on the contact" }),
  confirmationSubject: nullableText(CONFIRMATION_SUBJECT_MAX)
    .refine((v) => !v || !/[\r\n]/.test(v), "Must be one line.")
    .meta({
      description:
        "Subject of the double opt-in email; null: `Confirm your subscription to <workspace name>`. Merge tags " +
        "({{firstName|there}}, {{email}}, custom-field keys) are filled per contact.",
      example: "{{firstName|Hi}}, one click to confirm",
    }),
  confirmationText: nullableText(CONFIRMATION_TEXT_MAX).meta({
    description:
      "The double opt-in email's message above its Confirm button (a blank line starts a new paragraph); null: " +
      "the default. Merge tags allowed. The button, the plain link and the note for people who did not sign up " +
      "are always added.",
  }),
  confirmationRedirectUrl: ZWebUrl.nullish().meta({
    description: "Where the confirmation page sends the person once they clicked Confirm (instead of its message)",
    example: "https://example.com/welcome",
  }),
  landingPageMeta: ZLandingPageMetaInput.nullish().meta({
    description:
      "The hosted page of a landing_page form (replaced whole). Without `slug` the form keeps its slug, or gets " +
      "one generated from its name; a landing_page form always has one.",
  }),
};

export { defaultSuccessMessage, successMessageFor } from "./form-constants";

const ZFormInput = z.strictObject({ name: text(200).meta({ example: "Newsletter popup" }), ...definition });

export const ZCreateForm = ZFormInput.partial().required({ name: true }).meta({ id: "CreateForm" });

export const ZUpdateForm = ZFormInput.partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Send at least one field to change." })
  .meta({ id: "UpdateForm", minProperties: 1 });

export const ZForm = z
  .object({
    id: ZUuid,
    workspaceId: ZUuid,
    name: z.string(),
    type: ZFormType,
    status: ZFormStatus,
    heading: z.string().nullable(),
    description: z.string().nullable(),
    segmentId: ZUuid.nullable(),
    tagIds: z.array(ZUuid),
    fields: ZFormFields,
    styles: ZFormStyles,
    display: ZFormDisplay,
    successMessage: z.string(),
    redirectUrl: z.string().nullable(),
    doubleOptIn: z.boolean(),
    consentStatement: z.string().nullable(),
    privacyPolicyUrl: z.string().nullable(),
    captureTimezone: z.boolean(),
    confirmationSubject: z.string().nullable(),
    confirmationText: z.string().nullable(),
    confirmationRedirectUrl: z.string().nullable(),
    landingPageMeta: ZLandingPageMeta.nullable(),
    viewsCount: z.int().nonnegative(),
    submissionsCount: z.int().nonnegative(),
    embedUrl: z.string().meta({ description: "The public config URL the embed script reads (404 unless published)" }),
    landingPageUrl: z.string().nullable().meta({ description: "The hosted page of a landing_page form" }),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
    publishedAt: ZTimestamp.nullable(),
    archivedAt: ZTimestamp.nullable(),
    deletedAt: ZTimestamp.nullable(),
  })
  .meta({ id: "Form" });

export const ZListFormsQuery = z.object({
  ...offsetQuery(),
  search: z.string().trim().max(200, "At most 200 characters.").optional().meta({
    description: "Case-insensitive match on the form name",
  }),
  status: ZFormStatus.optional(),
  type: ZFormType.optional(),
  sortBy: z.enum(FORM_SORTS).default("createdAt"),
  order: z.enum(["asc", "desc"]).default("desc"),
  from: dateBoundQuery("start").meta({ description: "Created on or after (a day or a date-time)" }),
  to: dateBoundQuery("end").meta({ description: "Created on or before (a day: until its end)" }),
});

export const ZFormSubmission = z
  .object({
    id: ZUuid,
    formId: ZUuid,
    workspaceId: ZUuid,
    contactId: ZUuid,
    data: z.record(z.string(), z.unknown()).meta({ description: "Submitted value per field name" }),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    timezone: z.string().nullable().meta({ description: "IANA zone (when the form captures it)" }),
    referrer: z.string().nullable(),
    utmSource: z.string().nullable(),
    source: z.string().meta({
      description: "Traffic source: utm_source (lower-cased), else the referring site's host, else Direct",
      example: "google.com",
    }),
    device: z.enum(["Mobile", "Desktop", "Tablet", "Other"]).meta({ description: "Other: no or a robotic user agent" }),
    submittedAt: ZTimestamp,
    audienceStatus: z.string().meta({
      description: "The contact's status right after submitting: subscribed, pending (awaiting confirmation), …",
      example: "subscribed",
    }),
    contactStatus: z.string().meta({
      description:
        "The contact's status now (a submission stays `pending` in audienceStatus; this one turns `subscribed` " +
        "once the contact confirms)",
      example: "subscribed",
    }),
    contactEmail: z.email(),
  })
  .meta({ id: "FormSubmission" });

export const ZListSubmissionsQuery = z.object(offsetQuery(50));

export const ZFormAnalyticsQuery = z
  .object({
    range: z.enum(ANALYTICS_RANGES).default("30d"),
    from: dateBoundQuery("start").meta({ description: "With range=custom: the first day" }),
    to: dateBoundQuery("end").meta({ description: "With range=custom: the last day" }),
  })
  .superRefine((q, ctx) => {
    if (q.range !== "custom") {
      for (const k of ["from", "to"] as const)
        if (q[k]) ctx.addIssue({ code: "custom", path: [k], message: `Only with range=custom.` });
      return;
    }
    if (!q.from) ctx.addIssue({ code: "custom", path: ["from"], message: "range=custom needs from." });
    if (!q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "range=custom needs to." });
    if (q.from && q.to && q.from > q.to)
      ctx.addIssue({ code: "custom", path: ["to"], message: "Must not be before from." });
    if (q.from && q.to && q.to.getTime() - q.from.getTime() > 2 * 366 * 86_400_000)
      ctx.addIssue({ code: "custom", path: ["to"], message: "A custom range spans at most two years." });
  });

export const ZFormAnalytics = z
  .object({
    viewsCount: z.int(),
    submissionsCount: z.int(),
    conversionRate: z.number().meta({ description: "Percent: submissions / views × 100, two decimals" }),
    timeSeries: z.array(z.object({ date: z.iso.date(), views: z.int(), submissions: z.int() })),
    conversionTrend: z.array(z.object({ date: z.iso.date(), rate: z.number() })),
    fieldCompletionRates: z.array(z.object({ field: z.string(), filled: z.int() })),
    trafficSources: z.array(z.object({ name: z.string(), value: z.number(), count: z.int() })),
    submissionsByDevice: z.array(z.object({ device: z.string(), count: z.int(), pct: z.number() })),
  })
  .meta({ id: "FormAnalytics" });

/**
 * What the public config URL answers (no API key, any origin): just what a browser needs to render and submit the
 * form. `renderToken` is signed with its issue time; a submission must come at least FORM_MIN_FILL_MS after it.
 */
export const ZPublicForm = z.object({
  id: ZUuid,
  type: ZFormType,
  heading: z.string().nullable(),
  description: z.string().nullable(),
  fields: ZFormFields,
  styles: ZFormStyles,
  display: ZFormDisplay,
  successMessage: z.string(),
  redirectUrl: z.string().nullable(),
  consentStatement: z.string().nullable(),
  privacyPolicyUrl: z.string().nullable(),
  captureTimezone: z.boolean(),
  submitUrl: z.string(),
  viewUrl: z.string(),
  renderToken: z.string(),
  customFields: z
    .record(
      z.string(),
      z.object({ type: z.enum(["text", "number", "date", "boolean", "select"]), options: z.array(z.string()) }),
    )
    .optional()
    .meta({
      description:
        "By custom field name: the input to show (a select's options in the form's order). The public config always " +
        "has it; a preview config without it shows custom fields as text inputs.",
    }),
});

/** A form as other records name it (a contact's source, a timeline entry): deleted forms keep their name. */
export type FormName = { id: string; name: string; deleted: boolean };

export type Form = z.infer<typeof ZForm>;
export type CreateForm = z.output<typeof ZCreateForm>;
export type UpdateForm = z.output<typeof ZUpdateForm>;
export type ListFormsQuery = z.output<typeof ZListFormsQuery>;
export type FormSubmission = z.infer<typeof ZFormSubmission>;
export type FormAnalyticsQuery = z.output<typeof ZFormAnalyticsQuery>;
export type FormAnalytics = z.infer<typeof ZFormAnalytics>;
export type PublicForm = z.infer<typeof ZPublicForm>;
