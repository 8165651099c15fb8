import { z } from "zod";
import { cursorQuery, dateBoundQuery, ZTimestamp, ZUuid } from "./common";

export const CONTACT_STATUSES = ["subscribed", "unsubscribed", "pending", "bounced", "complained"] as const;
export const ZContactStatus = z.enum(CONTACT_STATUSES).meta({
  description: "`pending` awaits double opt-in; `bounced` and `complained` are normally set by email events",
});
export type ContactStatus = z.infer<typeof ZContactStatus>;

export const EMAIL_MAX = 254;
export const NAME_MAX = 100;

let knownZones: Map<string, string> | undefined;

/**
 * IANA names only (no "+02:00" offsets). The spelling is fixed up ("europe/paris" → "Europe/Paris") but a valid
 * alias is kept as sent: ICU would turn "Asia/Kolkata" into "Asia/Calcutta", which surprises whoever sent it.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  knownZones ??= new Map(Intl.supportedValuesOf("timeZone").map((z) => [z.toLowerCase(), z]));
  const key = name.toLowerCase();
  return knownZones.get(key) ?? (resolved.toLowerCase() === key ? resolved : name);
}

/**
 * zod's own email pattern with domain labels that neither start nor end with a hyphen (RFC 5321's Ldh-str): zod's
 * accepts `a@b-.com`, which the documented `format: email` (and mail servers) refuse, so such an address would be
 * stored and then answered in a body that breaks its own schema (found by tests/integration/api-fuzz.test.ts).
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export const ZEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX, `At most ${EMAIL_MAX} characters.`)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: "Must be a valid email address." }))
  .meta({ format: "email", example: "ada@example.com" });

/** Optional name: trimmed; blank or null clears it. */
const ZName = z
  .string()
  .trim()
  .max(NAME_MAX, `At most ${NAME_MAX} characters.`)
  .nullable()
  .transform((v) => (v === "" ? null : v))
  .meta({ example: "Ada" });

const ZTimeZone = z
  .string()
  .nullable()
  .transform((v, ctx) => {
    if (v === null || v.trim() === "") return null;
    const tz = canonicalTimeZone(v.trim());
    if (!tz) ctx.addIssue({ code: "custom", message: "Must be an IANA time zone name such as Europe/Paris." });
    return tz;
  })
  .meta({ description: "IANA time zone name, or null", example: "Europe/Paris" });

const ZFieldValues = z
  .record(z.string(), z.unknown())
  .meta({ description: "Custom-field values by field key; null removes a value", example: { plan: "pro" } });

export const ZTagIds = z
  .array(ZUuid)
  .min(1, "Send at least one tag id.")
  .max(100, "At most 100 tag ids.")
  .meta({ description: "Ids of tags of this workspace" });

const contactInput = {
  email: ZEmail,
  firstName: ZName.optional(),
  lastName: ZName.optional(),
  status: ZContactStatus.optional(),
  timezone: ZTimeZone.optional(),
  fields: ZFieldValues.optional(),
};

export const ZContact = z
  .object({
    id: ZUuid,
    workspaceId: ZUuid,
    email: z.string().meta({ format: "email", example: "ada@example.com" }),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    status: ZContactStatus,
    timezone: z.string().nullable().meta({ example: "Europe/Paris" }),
    source: z.string().meta({ description: "api, import, dashboard or form:<formId>", example: "api" }),
    fields: z.record(z.string(), z.unknown()).meta({ description: "Custom-field values by key" }),
    tags: z.array(ZUuid).meta({ description: "Ids of the tags the contact carries" }),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
    subscribedAt: ZTimestamp.nullable(),
    unsubscribedAt: ZTimestamp.nullable(),
  })
  .meta({ id: "Contact" });

export const ZCreateContact = z
  .strictObject({
    ...contactInput,
    status: ZContactStatus.optional().meta({ description: "Defaults to subscribed" }),
    tagIds: ZTagIds.optional(),
    upsert: z.boolean().optional().meta({
      description: "When the email exists: false (default) answers 409; true updates that contact and answers 200",
    }),
  })
  .meta({ id: "CreateContact" });

export const ZUpdateContact = z
  .strictObject({ ...contactInput, email: ZEmail.optional() })
  .refine((v) => Object.keys(v).length > 0, { message: "Send at least one field to change." })
  .meta({ id: "UpdateContact", minProperties: 1 });

const ZBatchContact = z.strictObject(contactInput).meta({ id: "BatchContact" });

export const ZBatchContacts = z
  .strictObject({
    contacts: z
      .array(ZBatchContact)
      .min(1, "Send at least one contact.")
      .max(1000, "At most 1,000 contacts per request."),
    updateExisting: z.boolean().default(true).meta({
      description:
        "true (default): existing emails are updated; false: they are left as they are and counted as skipped",
    }),
    tagIds: ZTagIds.optional().meta({ description: "Tags applied to every created or updated contact" }),
  })
  .meta({ id: "BatchContacts" });

export const ZContactTagsBody = z.strictObject({ tagIds: ZTagIds }).meta({ id: "AddContactTags" });

export const ZListContactsQuery = z.object({
  ...cursorQuery(),
  search: z
    .string()
    .max(254)
    .optional()
    .meta({ description: "Case-insensitive substring of the email, first name, last name or full name" }),
  status: ZContactStatus.optional(),
  tagId: ZUuid.optional().meta({ description: "Only contacts carrying this tag (unknown tag: 422)" }),
  segmentId: ZUuid.optional().meta({ description: "Only contacts matching this segment (unknown segment: 422)" }),
  createdFrom: dateBoundQuery("start").meta({ description: "Created at or after (a bare date: from 00:00 UTC)" }),
  createdTo: dateBoundQuery("end").meta({ description: "Created at or before (a bare date: until 23:59:59.999 UTC)" }),
});

export const ZContactActivity = z
  .object({
    id: ZUuid,
    type: z.string().meta({
      description:
        "subscribed, unsubscribed, form.submitted, tag.added, tag.removed, field.changed, email.sent, " +
        "email.delivered, email.opened, email.clicked, email.bounced, email.complained",
      example: "tag.added",
    }),
    createdAt: ZTimestamp,
    data: z.record(z.string(), z.unknown()),
    broadcastId: ZUuid.nullable(),
    formId: ZUuid.nullable(),
  })
  .meta({ id: "ContactActivity" });

export const ZActivityQuery = z.object(cursorQuery());
export const ZContactTagParams = z.object({ id: ZUuid, tagId: ZUuid });

export type Contact = z.infer<typeof ZContact>;
export type CreateContact = z.infer<typeof ZCreateContact>;
export type UpdateContact = z.infer<typeof ZUpdateContact>;
export type BatchContact = z.infer<typeof ZBatchContact>;
export type BatchContacts = z.infer<typeof ZBatchContacts>;
export type ListContactsQuery = z.infer<typeof ZListContactsQuery>;
export type ActivityQuery = z.infer<typeof ZActivityQuery>;
export type ContactActivity = z.infer<typeof ZContactActivity>;
