// What the builder offers: the subjects a condition can test (contact fields, custom fields, tags, activity) and
// the operators of each, read from the same table the server validates with (OPERATORS_BY_KIND).
import { CONTACT_FIELD_KINDS, OPERATORS_BY_KIND, type FieldKind } from "@/lib/schemas/segments";
import type { CustomField } from "@/lib/schemas/custom-fields";

export type SubjectKind = FieldKind | "tag" | "activity";
export type Subject = { id: string; label: string; kind: SubjectKind; group: string; options?: string[] };

const BUILT_IN_LABELS: Record<keyof typeof CONTACT_FIELD_KINDS, string> = {
  email: "Email",
  firstName: "First name",
  lastName: "Last name",
  timezone: "Time zone",
  status: "Status",
  createdAt: "Created date",
};

const TAG_OPERATORS = ["has", "has_not"] as const;
const ACTIVITY_ACTIONS = ["opened", "clicked", "not_opened", "submitted_form"] as const;

export function subjectsOf(fields: CustomField[]): Subject[] {
  return [
    ...Object.entries(CONTACT_FIELD_KINDS).map(([id, kind]) => ({
      id,
      kind,
      label: BUILT_IN_LABELS[id as keyof typeof CONTACT_FIELD_KINDS],
      group: "Contact",
    })),
    ...fields.map((f) => ({
      id: `fields.${f.key}`,
      kind: f.type,
      label: f.label,
      group: "Custom fields",
      options: f.options,
    })),
    { id: "tag", kind: "tag", label: "Tag", group: "Tags and activity" },
    { id: "activity", kind: "activity", label: "Activity", group: "Tags and activity" },
  ];
}

export function operatorsOf(kind: SubjectKind): readonly string[] {
  if (kind === "tag") return TAG_OPERATORS;
  if (kind === "activity") return ACTIVITY_ACTIONS;
  return OPERATORS_BY_KIND[kind];
}

export const OPERATOR_LABELS: Record<string, string> = {
  equals: "is",
  not_equals: "is not",
  contains: "contains",
  not_contains: "does not contain",
  starts_with: "starts with",
  ends_with: "ends with",
  in: "is any of",
  is_set: "is set",
  is_not_set: "is not set",
  gt: "is greater than",
  gte: "is at least",
  lt: "is less than",
  lte: "is at most",
  before: "is before",
  after: "is after",
  on: "is on",
  within_last_days: "is within the last",
  more_than_days_ago: "is more than",
  is_true: "is yes",
  is_false: "is no",
  has: "has tag",
  has_not: "does not have tag",
  opened: "opened",
  clicked: "clicked",
  not_opened: "did not open",
  submitted_form: "submitted",
};

export const VALUELESS = new Set(["is_set", "is_not_set", "is_true", "is_false"]);
export const DAY_OPERATORS = new Set(["within_last_days", "more_than_days_ago"]);
