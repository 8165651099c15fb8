// The builder's editable form of segment rules, and the conversions both ways. Inputs hold text while the user
// types; toRules turns them into the API's rule tree and leaves judging the values to the server, whose 422
// pointers come back to the condition they name.
import type { SegmentLeaf, SegmentRules } from "@/lib/schemas/segments";
import { DAY_OPERATORS, VALUELESS, operatorsOf, type Subject } from "./rule-catalog";

export type Match = "all" | "any";
export type LeafDraft = {
  key: string;
  type: "leaf";
  subject: string;
  operator: string;
  /** Text, number, date, option, status or tag id; comma-separated time zones for "in". */
  value: string;
  /** Options or statuses for "in". */
  values: string[];
  /** Days for within_last_days / more_than_days_ago, and an activity's time window. */
  days: string;
  /** An activity's broadcast or form id; blank means any. */
  targetId: string;
};
export type GroupDraft = { key: string; type: "group"; match: Match; conditions: LeafDraft[] };
export type RulesDraft = { match: Match; conditions: (LeafDraft | GroupDraft)[] };

let counter = 0;
export const newKey = () => `c${++counter}`;

export function newLeaf(subject: Subject): LeafDraft {
  const operator = operatorsOf(subject.kind)[0] ?? "equals";
  return { key: newKey(), type: "leaf", subject: subject.id, operator, value: "", values: [], days: "", targetId: "" };
}

const num = (text: string): number | string =>
  text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text;

function leafToRule(d: LeafDraft, kindOf: (subject: string) => string | undefined): SegmentLeaf {
  if (d.subject === "tag") return { type: "tag", operator: d.operator as "has" | "has_not", tagId: d.value };
  if (d.subject === "activity") {
    const window = d.days.trim() ? { withinDays: num(d.days) as number } : {};
    if (d.operator === "submitted_form") {
      return {
        type: "activity",
        action: "submitted_form",
        ...(d.targetId.trim() ? { formId: d.targetId.trim() } : {}),
        ...window,
      };
    }
    const action = d.operator as "opened" | "clicked" | "not_opened";
    return { type: "activity", action, ...(d.targetId.trim() ? { broadcastId: d.targetId.trim() } : {}), ...window };
  }
  const base = { type: "field" as const, field: d.subject, operator: d.operator as never };
  if (VALUELESS.has(d.operator)) return base;
  if (DAY_OPERATORS.has(d.operator)) return { ...base, value: num(d.days) };
  if (d.operator === "in") {
    const list =
      kindOf(d.subject) === "timezone"
        ? d.value
            .split(",")
            .map((v) => v.trim())
            .filter(Boolean)
        : d.values;
    return { ...base, value: list };
  }
  return { ...base, value: kindOf(d.subject) === "number" ? num(d.value) : d.value };
}

export function toRules(draft: RulesDraft, subjects: Subject[]): SegmentRules {
  const kindOf = (id: string) => subjects.find((s) => s.id === id)?.kind;
  return {
    match: draft.match,
    conditions: draft.conditions.map((c) =>
      c.type === "group"
        ? { type: "group", match: c.match, conditions: c.conditions.map((l) => leafToRule(l, kindOf)) }
        : leafToRule(c, kindOf),
    ),
  };
}

function leafFromRule(rule: SegmentLeaf): LeafDraft {
  const base = { key: newKey(), type: "leaf" as const, value: "", values: [], days: "", targetId: "" };
  if (rule.type === "tag") return { ...base, subject: "tag", operator: rule.operator, value: rule.tagId };
  if (rule.type === "activity") {
    const targetId = "formId" in rule ? (rule.formId ?? "") : "broadcastId" in rule ? (rule.broadcastId ?? "") : "";
    return {
      ...base,
      subject: "activity",
      operator: rule.action,
      targetId,
      days: rule.withinDays ? String(rule.withinDays) : "",
    };
  }
  const v = rule.value;
  if (DAY_OPERATORS.has(rule.operator))
    return { ...base, subject: rule.field, operator: rule.operator, days: String(v ?? "") };
  if (Array.isArray(v))
    return { ...base, subject: rule.field, operator: rule.operator, values: v, value: v.join(", ") };
  return {
    ...base,
    subject: rule.field,
    operator: rule.operator,
    value: v === null || v === undefined ? "" : String(v),
  };
}

export function fromRules(rules: SegmentRules): RulesDraft {
  return {
    match: rules.match,
    conditions: rules.conditions.map((c) =>
      c.type === "group"
        ? { key: newKey(), type: "group", match: c.match, conditions: c.conditions.map(leafFromRule) }
        : leafFromRule(c),
    ),
  };
}

/**
 * Server messages by condition: "#/rules/conditions/2/conditions/0/value" → "2.0"; anything that is not about one
 * condition goes under "". Update pointers (#/changes/rules/…) are read the same way.
 */
export function errorsByCondition(pointers: { pointer: string; detail: string }[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { pointer, detail } of pointers) {
    const m = /^#(?:\/changes)?\/rules\/conditions\/(\d+)(?:\/conditions\/(\d+))?/.exec(pointer);
    const at = m
      ? m[2] !== undefined
        ? `${m[1]}.${m[2]}`
        : m[1]!
      : /^#(?:\/changes)?\/rules/.test(pointer)
        ? ""
        : null;
    if (at !== null) map[at] ??= detail;
  }
  return map;
}
