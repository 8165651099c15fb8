// Broadcasts: the record the API answers with (unwrapped, §4.1), what create/update/schedule/test accept, and the
// list query. The content schemas (blocks, theme, footer styles) are the renderer's, in ./blocks.
import { z } from "zod";
import { isCalendarDay } from "../storable-dates";
import { cursorQuery, dateBoundQuery, offsetQuery, text, ZDateTimeInput, ZTimestamp, ZUuid } from "./common";
import { ZBlocks, ZFooterStyles, ZTheme } from "./blocks";
import {
  AB_WINNER_METRICS,
  AUDIENCE_TYPES,
  BROADCAST_SORTS,
  BROADCAST_STATUSES,
  MAX_TEST_EMAILS,
} from "./broadcast-constants";

export { AB_WINNER_METRICS, AUDIENCE_TYPES, BROADCAST_SORTS, BROADCAST_STATUSES, MAX_TEST_EMAILS };

export const ZBroadcastStatus = z.enum(BROADCAST_STATUSES).meta({ id: "BroadcastStatus" });
export const ZAudienceType = z.enum(AUDIENCE_TYPES).meta({
  description: "`all`: every subscribed contact; `segments`: segmentIds minus excludeSegmentIds; `tags`: any of tagIds",
});

const ZVariantId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, "1 to 32 letters, digits, _ or -.")
  .meta({ example: "b" });

const ZEmail = z.email("Must be an email address.").max(254, "At most 254 characters.");

export const ZVariant = z
  .strictObject({
    id: ZVariantId,
    subject: text(500),
    previewText: z.string().max(500, "At most 500 characters.").nullish(),
    blocks: ZBlocks.nullish().meta({ description: "This variant's own content; the broadcast's blocks when absent" }),
  })
  .meta({ id: "BroadcastVariant" });

const ZVariants = z
  .array(ZVariant)
  .max(10, "At most 10 variants.")
  .refine((v) => v.length !== 1, "An A/B test needs at least 2 variants (or none).")
  .superRefine((variants, ctx) => {
    const seen = new Set<string>();
    variants.forEach((v, i) => {
      if (seen.has(v.id)) ctx.addIssue({ code: "custom", path: [i, "id"], message: "Variant ids must be unique." });
      seen.add(v.id);
    });
  })
  .meta({
    description:
      "A/B variants (none, or 2 to 10). Each contact of the test share (`abTestPercent`) gets one variant, evenly " +
      "split; the rest of the audience waits for the winner (`ab-winner`, or automatically by `abWinnerMetric`).",
  });

const ZAudienceFilterSegments = z.strictObject({
  segmentIds: z.array(ZUuid).min(1, "Choose at least one segment.").max(100),
  excludeSegmentIds: z.array(ZUuid).max(100).default([]),
});
const ZAudienceFilterTags = z.strictObject({ tagIds: z.array(ZUuid).min(1, "Choose at least one tag.").max(100) });
const ZAudienceFilterAll = z.strictObject({ ids: z.array(z.never()).max(0).optional() });

/** Loose on its own: which keys are allowed depends on `audienceType` (checked by `checkAudience` below). */
const ZAudienceFilter = z.record(z.string(), z.unknown()).meta({
  description:
    "With `segments`: `{ segmentIds: [uuid, …], excludeSegmentIds?: [uuid, …] }`; with `tags`: " +
    "`{ tagIds: [uuid, …] }`; with `all`: `{}` (or `{ ids: [] }`). Unknown ids are a 422 pointing at them.",
  example: { segmentIds: ["3f8e2c1a-5b7d-4e9f-a1c2-6d0b9e8f7a21"], excludeSegmentIds: [] },
});

type AudienceInput = { audienceType?: (typeof AUDIENCE_TYPES)[number]; audienceFilter?: Record<string, unknown> };

/** audienceType and audienceFilter are one setting: parsed together, the filter normalised to its type's shape. */
function checkAudience<T extends AudienceInput>(value: T, ctx: z.RefinementCtx): T {
  if (value.audienceFilter !== undefined && value.audienceType === undefined) {
    ctx.addIssue({ code: "custom", path: ["audienceType"], message: "Send audienceType with audienceFilter." });
    return value;
  }
  if (value.audienceType === undefined) return value;
  const schema = { all: ZAudienceFilterAll, segments: ZAudienceFilterSegments, tags: ZAudienceFilterTags }[
    value.audienceType
  ];
  if (value.audienceFilter === undefined && value.audienceType !== "all") {
    ctx.addIssue({
      code: "custom",
      path: ["audienceFilter"],
      message: `audienceType ${value.audienceType} needs an audienceFilter.`,
    });
    return value;
  }
  const parsed = schema.safeParse(value.audienceFilter ?? {});
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: "custom", path: ["audienceFilter", ...issue.path], message: issue.message });
    }
    return value;
  }
  const filter = value.audienceType === "all" ? {} : (parsed.data as Record<string, unknown>);
  return { ...value, audienceFilter: filter };
}

/** A/B settings that only mean something together (the update service checks them merged with the stored ones). */
export function abSettingsIssues(value: { abWinnerMetric?: string | null; abWinnerAfterMinutes?: number | null }) {
  const issues: { field: "abWinnerMetric" | "abWinnerAfterMinutes"; message: string }[] = [];
  const metric = value.abWinnerMetric;
  const after = value.abWinnerAfterMinutes;
  if (metric != null && after == null)
    issues.push({ field: "abWinnerAfterMinutes", message: "Needed with abWinnerMetric." });
  if (after != null && metric == null)
    issues.push({ field: "abWinnerMetric", message: "Needed with abWinnerAfterMinutes." });
  return issues;
}

function checkAbSettings(value: Parameters<typeof abSettingsIssues>[0], ctx: z.RefinementCtx) {
  for (const { field, message } of abSettingsIssues(value)) ctx.addIssue({ code: "custom", path: [field], message });
}

const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).nullish();

const contentFields = {
  name: text(200).meta({ description: "Internal label, never shown to recipients", example: "November newsletter" }),
  subject: optionalText(500).meta({ example: "What's new in November" }),
  previewText: optionalText(500).meta({ description: "The inbox preview line after the subject" }),
  fromName: optionalText(200).meta({ description: "Defaults to the workspace's default sender name" }),
  fromEmail: ZEmail.nullish().meta({ description: "Defaults to the workspace's default sender address" }),
  replyTo: ZEmail.nullish(),
  audienceType: ZAudienceType.optional(),
  audienceFilter: ZAudienceFilter.optional(),
  blocks: ZBlocks.optional(),
  theme: ZTheme.optional(),
  footerStyles: ZFooterStyles.optional(),
  variants: ZVariants.optional(),
  abTestPercent: z
    .int()
    .min(1)
    .max(99)
    .nullish()
    .meta({ description: "Share of the audience (percent) that gets the variants, split evenly (default 20)" }),
  abWinnerMetric: z
    .enum(AB_WINNER_METRICS)
    .nullish()
    .meta({ description: "Pick the winner automatically by human opens or clicks (null: choose it yourself)" }),
  abWinnerAfterMinutes: z
    .int()
    .min(15)
    .max(10_080)
    .nullish()
    .meta({ description: "How long after the test share went out the automatic winner is picked (15 min to 7 days)" }),
};

/**
 * What checkAudience and checkAbSettings enforce, stated in the document (JSON Schema 2020-12), so a body the
 * document accepts is one the server's schema accepts: the filter comes with its type, `segments` and `tags` need a
 * filter, and the automatic A/B winner's two settings come together.
 */
const AUDIENCE_RULES = {
  dependentRequired: { audienceFilter: ["audienceType"] },
  if: { required: ["audienceType"], properties: { audienceType: { enum: ["segments", "tags"] } } },
  then: { required: ["audienceFilter"], properties: { audienceFilter: { type: "object" } } },
};

export const ZCreateBroadcast = z
  .strictObject(contentFields)
  .transform(checkAudience)
  .superRefine(checkAbSettings)
  .meta({
    id: "CreateBroadcast",
    ...AUDIENCE_RULES,
    dependentRequired: {
      ...AUDIENCE_RULES.dependentRequired,
      abWinnerMetric: ["abWinnerAfterMinutes"],
      abWinnerAfterMinutes: ["abWinnerMetric"],
    },
  });

export const ZUpdateBroadcast = z
  .strictObject({ ...contentFields, name: contentFields.name.optional() })
  .refine((v) => Object.keys(v).length > 0, { message: "Send at least one field to change." })
  .transform(checkAudience)
  // The A/B pair is checked by the service against the stored values: a PATCH may change one of the two.
  .meta({ id: "UpdateBroadcast", minProperties: 1, ...AUDIENCE_RULES });

const ZLocalDate = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDay(v), "Must be a calendar day written YYYY-MM-DD.")
  .meta({ example: "2026-12-01" });
const ZLocalTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Must be a time of day written HH:MM (24-hour).")
  .meta({ example: "09:00" });

/**
 * One body for both modes (a union would hide which field is missing): checked by mode, then narrowed. The document
 * states the modes as alternatives (`oneOf`), so a client generated from it cannot build a body the check refuses,
 * `{}` included.
 */
export const ZScheduleBroadcast = z
  .strictObject({
    timezoneMode: z
      .enum(["fixed", "subscriber"])
      .default("fixed")
      .meta({ description: "`fixed` (default): one instant for everyone; `subscriber`: each contact's own zone" }),
    scheduledAt: ZDateTimeInput.optional().meta({
      description: "fixed mode: when to send, a future instant at most one year ahead",
    }),
    localDate: ZLocalDate.optional().meta({ description: "subscriber mode: the day, in each contact's zone" }),
    localTime: ZLocalTime.optional().meta({ description: "subscriber mode: the time, in each contact's zone" }),
  })
  .superRefine((v, ctx) => {
    const need = (key: "scheduledAt" | "localDate" | "localTime") => {
      if (v[key] === undefined)
        ctx.addIssue({ code: "custom", path: [key], message: `Required with timezoneMode ${v.timezoneMode}.` });
    };
    const refuse = (key: "scheduledAt" | "localDate" | "localTime") => {
      if (v[key] !== undefined)
        ctx.addIssue({ code: "custom", path: [key], message: `Not used with timezoneMode ${v.timezoneMode}.` });
    };
    if (v.timezoneMode === "fixed") {
      need("scheduledAt");
      refuse("localDate");
      refuse("localTime");
    } else {
      need("localDate");
      need("localTime");
      refuse("scheduledAt");
    }
  })
  .transform((v) =>
    v.timezoneMode === "fixed"
      ? { timezoneMode: "fixed" as const, scheduledAt: v.scheduledAt as Date }
      : { timezoneMode: "subscriber" as const, localDate: v.localDate as string, localTime: v.localTime as string },
  )
  .meta({
    id: "ScheduleBroadcast",
    oneOf: [
      {
        title: "Fixed instant",
        type: "object",
        required: ["scheduledAt"],
        // `false`: the member must be absent.
        properties: {
          timezoneMode: { const: "fixed" },
          scheduledAt: { type: "string", format: "date-time" },
          localDate: false,
          localTime: false,
        },
      },
      {
        title: "Each subscriber's time zone",
        type: "object",
        required: ["timezoneMode", "localDate", "localTime"],
        properties: {
          timezoneMode: { const: "subscriber" },
          localDate: { type: "string" },
          localTime: { type: "string" },
          scheduledAt: false,
        },
      },
    ],
  });

export const ZAbWinner = z.strictObject({ variantId: ZVariantId }).meta({ id: "ChooseAbWinner" });

export const ZResendUnopened = z
  .strictObject({
    subject: text(500).meta({ description: "The new subject (a fresh subject lifts opens)" }),
    name: text(200).optional().meta({ description: 'Default: "<source name> (resend to unopened)"' }),
  })
  .meta({ id: "ResendUnopened" });

/**
 * Each address once, as first written: `Ada@x.io` and `ada@x.io` reach the same mailbox (domains ignore case, and
 * practically every mail server the local part too), so the test goes there once. The API and the dashboard's test
 * dialog both parse with this schema.
 */
function uniqueAddresses(emails: string[]): string[] {
  const seen = new Set<string>();
  return emails.filter((email) => {
    const key = email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const ZTestBroadcast = z
  .strictObject({
    email: ZEmail.optional(),
    emails: z.array(ZEmail).min(1).max(MAX_TEST_EMAILS, `At most ${MAX_TEST_EMAILS} addresses.`).optional(),
    contactId: ZUuid.optional().meta({
      description: "Render with this contact's merge values (default: a contact with the target address, or a sample)",
    }),
    variantId: ZVariantId.optional().meta({ description: "Render this A/B variant (default: the main content)" }),
  })
  .refine((v) => (v.email === undefined) !== (v.emails === undefined), {
    message: "Send either email or emails.",
    path: ["email"],
  })
  .transform(({ email, emails, ...rest }) => ({ ...rest, emails: uniqueAddresses(emails ?? [email as string]) }))
  // Exactly one of the two, as the refine above: `{}` and both at once are refused.
  .meta({
    id: "TestBroadcast",
    oneOf: [
      { title: "One address", type: "object", required: ["email"], properties: { email: { type: "string" } } },
      {
        title: "Several addresses",
        type: "object",
        required: ["emails"],
        properties: { emails: { type: "array", items: { type: "string" } } },
      },
    ],
  });

export const ZBroadcast = z
  .object({
    id: ZUuid,
    workspaceId: ZUuid,
    name: z.string(),
    status: ZBroadcastStatus,
    subject: z.string().nullable(),
    previewText: z.string().nullable(),
    fromName: z.string().nullable(),
    fromEmail: z.string().nullable(),
    replyTo: z.string().nullable(),
    audienceType: ZAudienceType,
    audienceFilter: z.record(z.string(), z.unknown()),
    blocks: ZBlocks,
    theme: ZTheme,
    footerStyles: ZFooterStyles,
    variants: z.array(ZVariant).meta({ description: "A/B variants (none, or 2 to 10)" }),
    abTestPercent: z.int().nullable(),
    abWinnerMetric: z.enum(AB_WINNER_METRICS).nullable(),
    abWinnerAfterMinutes: z.int().nullable(),
    abWinner: z.string().nullable().meta({ description: "The chosen variant's id, once there is one" }),
    timezoneMode: z.enum(["fixed", "subscriber"]).nullable(),
    scheduledAt: ZTimestamp.nullable().meta({
      description: "When sending starts (subscriber mode: the moment the time comes in the earliest zone, UTC+14)",
    }),
    localDate: z.string().nullable(),
    localTime: z.string().nullable(),
    paused: z.boolean().meta({ description: "A send in progress was paused (status stays sending)" }),
    archived: z.boolean(),
    archivedAt: ZTimestamp.nullable(),
    recipientCount: z.int().nonnegative(),
    sentCount: z.int().nonnegative(),
    failedCount: z.int().nonnegative(),
    sendStartedAt: ZTimestamp.nullable(),
    sentAt: ZTimestamp.nullable(),
    resendOfId: ZUuid.nullable().meta({ description: "The broadcast whose non-openers this one targets" }),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "Broadcast" });

export const ZSendAccepted = z
  .object({
    id: ZUuid,
    status: z.literal("sending"),
    message: z.string().meta({ example: "Queued for sending to 1200 recipients." }),
    recipientCount: z.int().nonnegative(),
  })
  .meta({ id: "BroadcastSendAccepted" });

export const ZTestAccepted = z
  .object({ message: z.string(), emails: z.array(z.string()) })
  .meta({ id: "BroadcastTestAccepted" });

const ZBoolQuery = z
  .enum(["true", "false"], { error: "Must be true or false." })
  .optional()
  .transform((v) => v === "true")
  .meta({
    description: "true: only archived broadcasts; false (default): only the others",
    type: "boolean",
    default: false,
  });

export const ZListBroadcastsQuery = z.object({
  ...offsetQuery(),
  // One style at a time: page with cursor is a 422 (server/http/parse-input.ts, refuseMixedPaging).
  cursor: cursorQuery().cursor.meta({
    description: "Opaque token from the previous page's nextCursor; not with page (422)",
  }),
  status: ZBroadcastStatus.optional(),
  search: z.string().trim().max(200, "At most 200 characters.").optional().meta({ description: "In name and subject" }),
  sortBy: z.enum(BROADCAST_SORTS).default("createdAt"),
  order: z.enum(["asc", "desc"]).default("desc"),
  from: dateBoundQuery("start").meta({ description: "Created at or after (a day or a date-time)" }),
  to: dateBoundQuery("end").meta({ description: "Created at or before (a day: until its end)" }),
  archived: ZBoolQuery,
});

export type Broadcast = z.infer<typeof ZBroadcast>;
export type BroadcastStatus = z.infer<typeof ZBroadcastStatus>;
export type CreateBroadcast = z.output<typeof ZCreateBroadcast>;
export type UpdateBroadcast = z.output<typeof ZUpdateBroadcast>;
export type ScheduleBroadcast = z.output<typeof ZScheduleBroadcast>;
export type TestBroadcast = z.output<typeof ZTestBroadcast>;
export type ListBroadcastsQuery = z.output<typeof ZListBroadcastsQuery>;
export type SendAccepted = z.infer<typeof ZSendAccepted>;
