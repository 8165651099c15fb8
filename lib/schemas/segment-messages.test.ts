// The segments schema speaks the builder's sentences at the member a person fixes, never zod's defaults.
import { describe, expect, it } from "vitest";
import { ZCreateSegment, ZSegmentRules } from "./segments";
import { SEGMENT_MESSAGES as M } from "./segment-messages";

const issues = (conditions: unknown[]) => {
  const r = ZSegmentRules.safeParse({ match: "all", conditions });
  return r.success ? [] : r.error.issues.map((i) => [i.path.join("/"), i.message]);
};

describe("segment rule messages", () => {
  it("asks to choose what is not chosen", () => {
    expect(issues([{ type: "tag", operator: "has", tagId: "" }])).toEqual([["conditions/0/tagId", M.chooseTag]]);
    expect(issues([{ type: "tag", operator: "has" }])).toEqual([["conditions/0/tagId", M.chooseTag]]);
    expect(issues([{ type: "tag", operator: "", tagId: "not-a-uuid" }])).toEqual([
      ["conditions/0/operator", M.chooseTagOperator],
      ["conditions/0/tagId", M.chooseTag],
    ]);
    expect(issues([{ type: "field", field: "", operator: "equals", value: "x" }])).toEqual([
      ["conditions/0/field", M.chooseField],
    ]);
    expect(issues([{ type: "field", field: "email", operator: "bigger", value: "x" }])).toEqual([
      ["conditions/0/operator", M.chooseOperator],
    ]);
    expect(issues([{ type: "activity", action: "opened", broadcastId: "abc" }])).toEqual([
      ["conditions/0/broadcastId", M.broadcastId],
    ]);
    expect(issues([{ type: "activity", action: "submitted_form", formId: "abc", withinDays: 0 }])).toEqual([
      ["conditions/0/formId", M.formId],
      ["conditions/0/withinDays", M.enterDays],
    ]);
    expect(issues([{ type: "activity", action: "bought" }])).toEqual([["conditions/0/action", M.chooseActivity]]);
    expect(issues([{ type: "field", field: "email", operator: "equals", value: { a: 1 } }])).toEqual([
      ["conditions/0/value", M.value],
    ]);
    expect(issues([{ type: "field", field: "email", operator: "in", value: [] }])).toEqual([
      ["conditions/0/value", M.chooseValues],
    ]);
  });

  it("never lets a zod default through", () => {
    const bad = [
      { type: "tag", operator: 1, tagId: 2 },
      { type: "field", field: 3, operator: null, value: true },
      { type: "activity", action: "opened", broadcastId: "x", withinDays: "7" },
      { type: "group", match: "some", conditions: [{ type: "tag", operator: "has", tagId: "x" }] },
    ];
    for (const [, message] of issues(bad)) expect(message).not.toMatch(/^Invalid|Expected|received/);
    const r = ZCreateSegment.safeParse({ name: "x", rules: { match: "none", conditions: [] } });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toContain(M.chooseMatch);
  });
});
