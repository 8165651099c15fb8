// Segment rules and the segments API. zod checks the shape of a rule tree; which operator and value fit a field
// depends on the workspace's custom fields, so that part is checked by the service (validate-rules.ts) against
// the operator table below, which the dashboard's builder reads too.
import { z } from "zod";
import { cursorQuery, offsetQuery, text, ZTimestamp, ZUuid } from "./common";
import { CONTACT_STATUSES } from "./contacts";
import { SEGMENT_MESSAGES as M } from "./segment-messages";

export { CONTACT_STATUSES };
export const MAX_CONDITIONS = 50;
export const MAX_LIST_VALUES = 100;

/** The kind of a field decides its operators and the type of `value`. */
export const OPERATORS_BY_KIND = {
  text: ["equals", "not_equals", "contains", "not_contains", "starts_with", "ends_with", "is_set", "is_not_set"],
  timezone: [
    "equals",
    "not_equals",
    "contains",
    "not_contains",
    "starts_with",
    "ends_with",
    "in",
    "is_set",
    "is_not_set",
  ],
  status: ["equals", "not_equals", "in"],
  number: ["equals", "not_equals", "gt", "gte", "lt", "lte", "is_set", "is_not_set"],
  date: ["before", "after", "on", "within_last_days", "more_than_days_ago", "is_set", "is_not_set"],
  boolean: ["is_true", "is_false", "is_set", "is_not_set"],
  select: ["equals", "not_equals", "in", "is_set", "is_not_set"],
} as const;
export type FieldKind = keyof typeof OPERATORS_BY_KIND;

/** Built-in contact fields and their kinds; custom fields are addressed as `fields.<key>`. */
export const CONTACT_FIELD_KINDS = {
  email: "text",
  firstName: "text",
  lastName: "text",
  timezone: "timezone",
  status: "status",
  createdAt: "date",
} as const satisfies Record<string, FieldKind>;
export type ContactFieldName = keyof typeof CONTACT_FIELD_KINDS;

export const FIELD_OPERATORS = [
  ...new Set(Object.values(OPERATORS_BY_KIND).flat()),
] as (typeof OPERATORS_BY_KIND)[FieldKind][number][];
export type FieldOperator = (typeof FIELD_OPERATORS)[number];

export const CUSTOM_FIELD_KEY = /^[a-z][a-z0-9_]{0,49}$/;
const FIELD_PATTERN = /^(email|firstName|lastName|timezone|status|createdAt|fields\.[a-z][a-z0-9_]{0,49})$/;

const ZMatch = z
  .enum(["all", "any"], { error: M.chooseMatch })
  .meta({ description: "`all`: every condition holds (AND); `any`: at least one (OR)" });
const ZDays = z.int({ error: M.enterDays }).min(1, M.enterDays).max(3650, M.enterDays);
/** An id the builder offers as a choice: a missing or malformed one reads "Choose a tag." rather than "Invalid UUID". */
const choiceId = (message: string) => z.uuid({ error: message }).overwrite((id) => id.toLowerCase());

export const ZFieldCondition = z
  .strictObject({
    type: z.literal("field"),
    field: z
      .string({ error: M.chooseField })
      .regex(FIELD_PATTERN, M.chooseField)
      .meta({ description: "email, firstName, lastName, timezone, status, createdAt or fields.<key>" }),
    operator: z.enum(FIELD_OPERATORS as [FieldOperator, ...FieldOperator[]], { error: M.chooseOperator }),
    value: z
      .union(
        [
          z.string().max(500),
          z.number(),
          z.array(z.string().max(500)).min(1, M.chooseValues).max(MAX_LIST_VALUES, M.chooseValues),
        ],
        { error: () => M.value },
      )
      .nullish()
      .meta({
        description:
          "Text for text/select operators, a number for number operators, a `YYYY-MM-DD` day (UTC) for before/after/on, " +
          "whole days (1–3650) for within_last_days/more_than_days_ago, an array for `in`; omitted for is_set, " +
          "is_not_set, is_true and is_false.",
      }),
  })
  .meta({
    id: "SegmentFieldCondition",
    example: { type: "field", field: "fields.plan", operator: "in", value: ["pro", "team"] },
  });

export const ZTagCondition = z
  .strictObject({
    type: z.literal("tag"),
    operator: z.enum(["has", "has_not"], { error: M.chooseTagOperator }),
    tagId: choiceId(M.chooseTag),
  })
  .meta({
    id: "SegmentTagCondition",
    example: { type: "tag", operator: "has", tagId: "0b8f7a5e-4c1d-4a6b-9c2e-5d3f1a7b9e01" },
  });

const ZEmailActivityCondition = z.strictObject({
  type: z.literal("activity"),
  action: z.enum(["opened", "clicked", "not_opened"]),
  broadcastId: choiceId(M.broadcastId).optional().meta({ description: "Without it: any broadcast" }),
  withinDays: ZDays.optional().meta({ description: "Only activity in the last N days" }),
});
const ZFormActivityCondition = z.strictObject({
  type: z.literal("activity"),
  action: z.literal("submitted_form"),
  formId: choiceId(M.formId).optional().meta({ description: "Without it: any form" }),
  withinDays: ZDays.optional().meta({ description: "Only submissions in the last N days" }),
});
export const ZActivityCondition = z
  .discriminatedUnion("action", [ZEmailActivityCondition, ZFormActivityCondition], {
    error: () => M.chooseActivity,
  })
  .meta({ id: "SegmentActivityCondition", example: { type: "activity", action: "opened", withinDays: 30 } });

const ZSegmentLeaf = z.discriminatedUnion("type", [ZFieldCondition, ZTagCondition, ZActivityCondition], {
  error: () => `${M.chooseType} (Groups nest one level only.)`,
});

const ZSegmentGroup = z
  .strictObject({
    type: z.literal("group"),
    match: ZMatch,
    conditions: z.array(ZSegmentLeaf).min(1, "A group needs at least one condition.").max(MAX_CONDITIONS),
  })
  .meta({ id: "SegmentGroup" });

export const ZSegmentCondition = z.discriminatedUnion(
  "type",
  [ZFieldCondition, ZTagCondition, ZActivityCondition, ZSegmentGroup],
  {
    error: () => `${M.chooseType} Or a group of conditions.`,
  },
);

export const ZSegmentRules = z
  .strictObject({
    match: ZMatch,
    conditions: z.array(ZSegmentCondition).min(1, "Add at least one condition.").max(MAX_CONDITIONS),
  })
  .superRefine((rules, ctx) => {
    let seen = 0;
    rules.conditions.forEach((c, i) => {
      const leaves =
        c.type === "group" ? c.conditions.map((_, j) => ["conditions", i, "conditions", j]) : [["conditions", i]];
      for (const path of leaves) {
        if (++seen === MAX_CONDITIONS + 1) {
          ctx.addIssue({
            code: "custom",
            path,
            message: `A segment has at most ${MAX_CONDITIONS} conditions in total.`,
          });
        }
      }
    });
  })
  .meta({
    id: "SegmentRules",
    example: {
      match: "all",
      conditions: [
        { type: "field", field: "status", operator: "equals", value: "subscribed" },
        { type: "tag", operator: "has", tagId: "0b8f7a5e-4c1d-4a6b-9c2e-5d3f1a7b9e01" },
        {
          type: "group",
          match: "any",
          conditions: [
            { type: "activity", action: "opened", withinDays: 30 },
            { type: "field", field: "createdAt", operator: "within_last_days", value: 7 },
          ],
        },
      ],
    },
  });

export const ZSegment = z
  .object({
    id: ZUuid,
    workspaceId: ZUuid,
    name: z.string(),
    description: z.string().nullable(),
    rules: ZSegmentRules,
    contactCount: z.int().nonnegative().meta({ description: "Contacts matching the rules now, counted at read time" }),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "Segment" });

const ZDescription = z.string().trim().max(500, "At most 500 characters.");

export const ZCreateSegment = z
  .strictObject({
    name: text(100).meta({ example: "Engaged subscribers" }),
    description: ZDescription.nullish(),
    rules: ZSegmentRules,
  })
  .meta({ id: "CreateSegment" });

export const ZUpdateSegment = z
  .strictObject({ name: text(100).optional(), description: ZDescription.nullish(), rules: ZSegmentRules.optional() })
  .refine((v) => v.name !== undefined || v.description !== undefined || v.rules !== undefined, {
    message: "Send name, description and/or rules.",
  })
  .meta({ id: "UpdateSegment", minProperties: 1 });

export const ZPreviewSegment = z.strictObject({ rules: ZSegmentRules }).meta({ id: "PreviewSegment" });

export const ZListSegmentsQuery = z.object({ ...offsetQuery() });
export const ZSegmentContactsQuery = z.object({ ...cursorQuery() });

export type SegmentRules = z.infer<typeof ZSegmentRules>;
export type SegmentCondition = z.infer<typeof ZSegmentCondition>;
export type SegmentLeaf = z.infer<typeof ZSegmentLeaf>;
export type FieldCondition = z.infer<typeof ZFieldCondition>;
export type TagCondition = z.infer<typeof ZTagCondition>;
export type ActivityCondition = z.infer<typeof ZActivityCondition>;
export type Segment = z.infer<typeof ZSegment>;
export type CreateSegment = z.infer<typeof ZCreateSegment>;
export type UpdateSegment = z.infer<typeof ZUpdateSegment>;
export type ListSegmentsQuery = z.infer<typeof ZListSegmentsQuery>;
export type SegmentContactsQuery = z.infer<typeof ZSegmentContactsQuery>;
