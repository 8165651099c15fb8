import { describe, expect, it } from "vitest";
import { ZSegmentRules, type SegmentRules } from "@/lib/schemas/segments";
import { findRuleErrors } from "./validate-rules";
import type { FieldDefLite } from "./field-defs";

const TAG = "22222222-2222-4222-8222-222222222222";
const BROADCAST = "33333333-3333-4333-8333-333333333333";
const FORM = "55555555-5555-4555-8555-555555555555";
const UNKNOWN = "44444444-4444-4444-8444-444444444444";
const defs: FieldDefLite[] = [
  { key: "plan", type: "select", options: ["free", "pro"] },
  { key: "age", type: "number", options: [] },
  { key: "renews", type: "date", options: [] },
  { key: "vip", type: "boolean", options: [] },
];
const errorsOf = (conditions: unknown[]) =>
  findRuleErrors(ZSegmentRules.parse({ match: "all", conditions }) as SegmentRules, defs, {
    tagIds: new Set([TAG]),
    broadcastIds: new Set([BROADCAST]),
    formIds: new Set([FORM]),
  });

describe("findRuleErrors", () => {
  it("accepts conditions that fit their fields", () => {
    expect(
      errorsOf([
        { type: "field", field: "fields.plan", operator: "in", value: ["PRO", "free"] },
        { type: "field", field: "fields.age", operator: "lt", value: 30.5 },
        { type: "field", field: "fields.renews", operator: "within_last_days", value: 30 },
        { type: "field", field: "fields.vip", operator: "is_true" },
        { type: "field", field: "timezone", operator: "in", value: ["Europe/Paris"] },
        { type: "field", field: "createdAt", operator: "after", value: "2024-02-29" },
        { type: "tag", operator: "has", tagId: TAG },
        { type: "activity", action: "opened", broadcastId: BROADCAST },
        { type: "activity", action: "clicked" },
        { type: "activity", action: "submitted_form", formId: FORM, withinDays: 7 },
      ]),
    ).toEqual([]);
  });

  it.each([
    [{ type: "field", field: "fields.nope", operator: "is_set" }, "field", /no custom field/],
    [{ type: "field", field: "fields.vip", operator: "equals", value: "x" }, "operator", /is_true/],
    [{ type: "field", field: "status", operator: "contains", value: "sub" }, "operator", /equals, not_equals, in/],
    [
      { type: "field", field: "email", operator: "in", value: ["a"] },
      "operator",
      /^Choose how to compare\. The field email takes equals/,
    ],
    [{ type: "field", field: "fields.age", operator: "gt", value: "3" }, "value", /number/],
    [{ type: "field", field: "fields.plan", operator: "equals", value: "gold" }, "value", /free, pro/],
    [
      { type: "field", field: "status", operator: "in", value: ["subscribed", "gone"] },
      "value",
      /^Choose a status: subscribed/,
    ],
    [{ type: "field", field: "createdAt", operator: "before", value: "2023-02-29" }, "value", /YYYY-MM-DD/],
    [{ type: "field", field: "createdAt", operator: "within_last_days", value: 0 }, "value", /1 to 3650/],
    [
      { type: "field", field: "firstName", operator: "equals", value: "" },
      "value",
      /^Enter a value, or use “is not set”/,
    ],
    [{ type: "field", field: "firstName", operator: "is_set", value: "x" }, "value", /takes no value/],
    [{ type: "field", field: "firstName", operator: "equals" }, "value", /^Enter a value/],
    [{ type: "field", field: "fields.age", operator: "equals" }, "value", /^Enter a number\.$/],
    [{ type: "field", field: "fields.plan", operator: "equals", value: "" }, "value", /^Choose one of the field's/],
    [{ type: "field", field: "createdAt", operator: "on", value: "" }, "value", /^Enter a date\.$/],
  ])("points at the bad member of %j", (condition, member, detail) => {
    const errors = errorsOf([{ type: "field", field: "email", operator: "is_set" }, condition]);
    expect(errors).toEqual([{ pointer: `#/rules/conditions/1/${member}`, detail: expect.stringMatching(detail) }]);
  });

  it("points into groups and at tags of other workspaces", () => {
    const errors = errorsOf([
      {
        type: "group",
        match: "any",
        conditions: [
          { type: "tag", operator: "has", tagId: TAG },
          { type: "tag", operator: "has_not", tagId: UNKNOWN },
        ],
      },
    ]);
    expect(errors).toEqual([{ pointer: "#/rules/conditions/0/conditions/1/tagId", detail: expect.any(String) }]);
  });

  it("points at broadcasts and forms the workspace does not have, as at tags", () => {
    const errors = errorsOf([
      { type: "activity", action: "opened", broadcastId: UNKNOWN },
      {
        type: "group",
        match: "any",
        conditions: [
          { type: "activity", action: "not_opened", broadcastId: FORM },
          { type: "activity", action: "submitted_form", formId: BROADCAST },
        ],
      },
    ]);
    expect(errors).toEqual([
      { pointer: "#/rules/conditions/0/broadcastId", detail: "No broadcast with this id exists in this workspace." },
      {
        pointer: "#/rules/conditions/1/conditions/0/broadcastId",
        detail: "No broadcast with this id exists in this workspace.",
      },
      { pointer: "#/rules/conditions/1/conditions/1/formId", detail: "No form with this id exists in this workspace." },
    ]);
  });
});

describe("ZSegmentRules", () => {
  const leaf = { type: "field", field: "email", operator: "is_set" };
  const issues = (rules: unknown) => {
    const r = ZSegmentRules.safeParse(rules);
    return r.success ? [] : r.error.issues.map((i) => i.path.join("/"));
  };

  it("refuses empty lists, groups in groups and more than 50 leaves, at the offending path", () => {
    expect(issues({ match: "all", conditions: [] })).toEqual(["conditions"]);
    expect(issues({ match: "all", conditions: [{ type: "group", match: "any", conditions: [] }] })).toEqual([
      "conditions/0/conditions",
    ]);
    const nested = { type: "group", match: "any", conditions: [{ type: "group", match: "all", conditions: [leaf] }] };
    expect(issues({ match: "all", conditions: [nested] })).toEqual(["conditions/0/conditions/0/type"]);
    const group = { type: "group", match: "all", conditions: Array(30).fill(leaf) };
    expect(issues({ match: "all", conditions: [group, group] })).toEqual(["conditions/1/conditions/20"]);
    expect(issues({ match: "all", conditions: [group, ...Array(20).fill(leaf)] })).toEqual([]);
  });

  it("refuses unknown fields, members and actions", () => {
    expect(issues({ match: "all", conditions: [{ ...leaf, field: "fields.Bad-Key" }] })).toEqual([
      "conditions/0/field",
    ]);
    expect(issues({ match: "all", conditions: [{ ...leaf, operator: "resembles" }] })).toEqual([
      "conditions/0/operator",
    ]);
    expect(issues({ match: "all", conditions: [{ type: "activity", action: "opened", formId: TAG }] })).toEqual([
      "conditions/0",
    ]);
    expect(issues({ match: "all", conditions: [{ type: "activity", action: "opened", withinDays: 0 }] })).toEqual([
      "conditions/0/withinDays",
    ]);
  });
});
