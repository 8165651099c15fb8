import { z } from "zod";
import { offsetQuery, text, ZTimestamp, ZUuid } from "./common";

export const CUSTOM_FIELD_TYPES = ["text", "number", "date", "boolean", "select"] as const;
export const ZCustomFieldType = z.enum(CUSTOM_FIELD_TYPES).meta({
  description: "text (≤ 1,000 characters), number, date (stored as YYYY-MM-DD), boolean, or select (one of `options`)",
});

/** Keys that would shadow a contact's own attributes in merge tags and CSV column mapping. */
const RESERVED_FIELD_KEYS = new Set([
  "id",
  "email",
  "first_name",
  "last_name",
  "firstname",
  "lastname",
  "status",
  "timezone",
  "source",
  "tags",
  "fields",
  "created_at",
  "updated_at",
]);

const ZFieldKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,49}$/, "Use 1–50 lower-case letters, digits or underscores, starting with a letter.")
  .refine((k) => !RESERVED_FIELD_KEYS.has(k), "This key is reserved for a built-in contact attribute.")
  .meta({ example: "plan" });

const ZFieldOptions = z
  .array(text(100))
  .min(1, "A select field needs at least one option.")
  .max(200, "At most 200 options.")
  .refine((o) => new Set(o.map((v) => v.toLowerCase())).size === o.length, "Options must be unique, ignoring case.")
  .meta({ description: "Allowed values of a select field (required for select, not allowed otherwise)" });

export const ZCustomField = z
  .object({
    id: ZUuid,
    workspaceId: ZUuid,
    key: z.string().meta({ example: "plan" }),
    label: z.string().meta({ example: "Plan" }),
    type: ZCustomFieldType,
    options: z.array(z.string()).meta({ description: "Empty unless type is select", example: ["free", "pro"] }),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "CustomField" });

export const ZCreateCustomField = z
  .strictObject({
    key: ZFieldKey,
    label: text(100).meta({ example: "Plan" }),
    type: ZCustomFieldType,
    options: ZFieldOptions.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === "select" && !v.options) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "A select field needs its options." });
    }
    if (v.type !== "select" && v.options) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "Only select fields have options." });
    }
  })
  // The same rule in the document: options with a select field, and only then.
  .meta({
    id: "CreateCustomField",
    if: { properties: { type: { const: "select" } } },
    then: { required: ["options"], properties: { options: { type: "array" } } },
    else: { properties: { options: false } },
  });

export const ZUpdateCustomField = z
  .strictObject({
    label: text(100).optional(),
    type: ZCustomFieldType.optional().meta({
      description: "Changing the type is refused (422) while any contact holds a value for the field",
    }),
    options: ZFieldOptions.optional().meta({
      description: "Replaces the options; removing one that contacts hold is refused (422)",
    }),
    // Named here (rather than left to strictObject) so the 422 points at #/key and says why.
    key: z
      .unknown()
      .refine(() => false, "A field's key cannot change: contacts, segments and merge tags refer to it.")
      .optional()
      .meta({ description: "Not accepted: keys are immutable (422)" }),
  })
  .refine((v) => Object.keys(v).length > 0, { message: "Send label, type and/or options." })
  .meta({ id: "UpdateCustomField", minProperties: 1 });

export const ZListCustomFieldsQuery = z.object(offsetQuery());

export type CustomField = z.infer<typeof ZCustomField>;
export type CreateCustomField = z.infer<typeof ZCreateCustomField>;
export type UpdateCustomField = z.infer<typeof ZUpdateCustomField>;
export type ListCustomFieldsQuery = z.infer<typeof ZListCustomFieldsQuery>;
