import { describe, expect, it } from "vitest";
import type { SegmentRules } from "@/lib/schemas/segments";
import { compileRules, compileStoredRules } from "./segment-condition";
import type { FieldDefLite } from "./field-defs";

const WS = "11111111-1111-4111-8111-111111111111";
const TAG = "22222222-2222-4222-8222-222222222222";
const BROADCAST = "33333333-3333-4333-8333-333333333333";
const defs: FieldDefLite[] = [
  { key: "plan", type: "select", options: ["free", "pro"] },
  { key: "age", type: "number", options: [] },
  { key: "renews", type: "date", options: [] },
  { key: "vip", type: "boolean", options: [] },
  { key: "city", type: "text", options: [] },
];
const compile = (rules: SegmentRules) => compileRules(WS, rules, defs);
const one = (condition: SegmentRules["conditions"][number]) => compile({ match: "all", conditions: [condition] });

describe("compileRules", () => {
  it("joins conditions with AND for all and OR for any, groups in their own parentheses", () => {
    const q = compile({
      match: "any",
      conditions: [
        { type: "field", field: "status", operator: "equals", value: "subscribed" },
        {
          type: "group",
          match: "all",
          conditions: [
            { type: "field", field: "firstName", operator: "is_set" },
            { type: "field", field: "lastName", operator: "is_not_set" },
          ],
        },
      ],
    });
    expect(q.text).toBe(
      `((c."status" = CAST($1::text AS "ContactStatus")) OR ((NULLIF(c."firstName", '') IS NOT NULL) AND ` +
        `(NULLIF(c."lastName", '') IS NULL)))`,
    );
    expect(q.values).toEqual(["subscribed"]);
  });

  it("binds text values as escaped ILIKE patterns, never in the SQL text", () => {
    const q = one({ type: "field", field: "fields.city", operator: "contains", value: "50%_off\\'; DROP" });
    // Custom-field tests sit behind COALESCE so the planner does not assume they are very selective.
    expect(q.text).toBe(`(COALESCE((NULLIF((c."fields" ->> $1::text), '') ILIKE $2::text), false))`);
    expect(q.values).toEqual(["city", "%50\\%\\_off\\\\'; DROP%"]);
    expect(one({ type: "field", field: "email", operator: "starts_with", value: "a" }).values).toEqual(["a%"]);
    expect(one({ type: "field", field: "email", operator: "ends_with", value: "@x.io" }).values).toEqual(["%@x.io"]);
  });

  it("matches email equality on the lower-cased key, and lets negatives include contacts without a value", () => {
    const eq = one({ type: "field", field: "email", operator: "equals", value: "Ann@Example.com" });
    expect(eq.text).toBe(`(c."emailKey" = $1)`);
    expect(eq.values).toEqual(["ann@example.com"]);
    const ne = one({ type: "field", field: "firstName", operator: "not_equals", value: "Ann" });
    expect(ne.text).toBe(
      `((NULLIF(c."firstName", '') IS NULL OR NOT (lower(NULLIF(c."firstName", '')) = lower($1::text))))`,
    );
  });

  it("casts JSON numbers, and strings only when they are numeric", () => {
    const q = one({ type: "field", field: "fields.age", operator: "gte", value: 18 });
    expect(q.text.replace(/\s+/g, " ")).toBe(
      `(COALESCE(((CASE jsonb_typeof((c."fields" -> $1::text)) WHEN 'number' THEN (c."fields" -> $2::text)::numeric ` +
        `WHEN 'string' THEN CASE WHEN (c."fields" ->> $3::text) ~ '^-?[0-9]{1,30}([.][0-9]{1,30})?$' ` +
        `THEN (c."fields" ->> $4::text)::numeric END END) >= $5::numeric), false))`,
    );
    expect(q.values).toEqual(["age", "age", "age", "age", 18]);
  });

  it("compares custom dates as YYYY-MM-DD text and createdAt as UTC day bounds", () => {
    const d = one({ type: "field", field: "fields.renews", operator: "before", value: "2026-01-31" });
    expect(d.text).toBe(
      `(COALESCE(((CASE WHEN (c."fields" ->> $1::text) LIKE '____-__-__%' THEN left((c."fields" ->> $2::text), 10) END) ` +
        `< $3::text), false))`,
    );
    expect(d.values).toEqual(["renews", "renews", "2026-01-31"]);
    const c = one({ type: "field", field: "createdAt", operator: "on", value: "2026-01-31" });
    expect(c.text).toBe(
      `((c."createdAt" >= (($1::date + $2::integer)::timestamp AT TIME ZONE 'UTC') AND ` +
        `c."createdAt" < (($3::date + $4::integer)::timestamp AT TIME ZONE 'UTC')))`,
    );
    expect(c.values).toEqual(["2026-01-31", 0, "2026-01-31", 1]);
    const r = one({ type: "field", field: "createdAt", operator: "within_last_days", value: 7 });
    expect(r.text).toBe(`((c."createdAt" >= (now() - make_interval(days => $1::integer))))`);
  });

  it("expands in-lists into one parameter per value", () => {
    const q = one({ type: "field", field: "status", operator: "in", value: ["bounced", "complained"] });
    expect(q.text).toBe(`((c."status" IN (CAST($1::text AS "ContactStatus"),CAST($2::text AS "ContactStatus"))))`);
    expect(q.values).toEqual(["bounced", "complained"]);
  });

  it("correlates tag subqueries to the contact and scopes them to the workspace", () => {
    const q = one({ type: "tag", operator: "has_not", tagId: TAG });
    expect(q.text.replace(/\s+/g, " ")).toBe(
      `((NOT EXISTS (SELECT 1 FROM "ContactTag" ct WHERE ct."contactId" = c."id" AND ct."tagId" = $1::uuid ` +
        `AND EXISTS (SELECT 1 FROM "Tag" t WHERE t."id" = $2::uuid AND t."workspaceId" = $3::uuid))))`,
    );
    expect(q.values).toEqual([TAG, TAG, WS]);
  });

  it("evaluates activity with EXISTS, and did-not-open only among contacts that were sent the email", () => {
    const opened = one({ type: "activity", action: "clicked", broadcastId: BROADCAST });
    expect(opened.text).toBe(
      `(EXISTS (SELECT 1 FROM "ContactActivity" a WHERE a."contactId" = c."id" AND a."workspaceId" = $1::uuid ` +
        `AND a."type" = $2::text AND a."broadcastId" = $3::uuid))`,
    );
    expect(opened.values).toEqual([WS, "email.clicked", BROADCAST]);
    const notOpened = one({ type: "activity", action: "not_opened", withinDays: 30 });
    expect(notOpened.text).toMatch(/^\(\(EXISTS \(.*\) AND NOT EXISTS \(.*\)\)\)$/);
    expect(notOpened.values).toEqual([WS, "email.sent", 30, WS, "email.opened", 30]);
    const form = one({ type: "activity", action: "submitted_form", formId: BROADCAST });
    expect(form.values).toEqual([WS, "form.submitted", BROADCAST]);
  });

  it("turns a condition on a deleted or retyped field, and unreadable stored rules, into FALSE", () => {
    expect(one({ type: "field", field: "fields.gone", operator: "is_set" }).text).toBe("(FALSE)");
    expect(one({ type: "field", field: "fields.vip", operator: "gt", value: 1 }).text).toBe("(FALSE)");
    expect(compileStoredRules(WS, { match: "nope" }, defs).text).toBe("FALSE");
  });
});
