// Whether a field condition fits its field: the operator must be one of the field kind's, and the value must have
// the type that operator needs. The validator turns a failure into a 422; the compiler into a condition that
// matches no one (a stored segment whose custom field was since deleted or retyped).
import { CONTACT_STATUSES, OPERATORS_BY_KIND, type FieldCondition, type FieldKind } from "@/lib/schemas/segments";
import { DAY_DETAIL, isCalendarDay } from "@/lib/storable-dates";
import { chooseOneOf, SEGMENT_MESSAGES as M } from "@/lib/schemas/segment-messages";
import { resolveField, type FieldDefLite, type ResolvedField } from "./field-defs";

export type ConditionValue = string | number | string[] | undefined;
export type CheckedCondition =
  | { ok: true; field: ResolvedField; value: ConditionValue }
  | { ok: false; at: "field" | "operator" | "value"; detail: string };

const VALUELESS = new Set(["is_set", "is_not_set", "is_true", "is_false"]);
const DAYS = new Set(["within_last_days", "more_than_days_ago"]);

export function checkFieldCondition(cond: FieldCondition, fieldDefs: FieldDefLite[]): CheckedCondition {
  const field = resolveField(cond.field, fieldDefs);
  if (!field) return fail("field", `This workspace has no custom field with the key "${cond.field.slice(7)}".`);
  const allowed: readonly string[] = OPERATORS_BY_KIND[field.kind];
  if (!allowed.includes(cond.operator)) {
    return fail("operator", `${M.chooseOperator} ${label(field)} takes ${allowed.join(", ")}.`);
  }
  const value = cond.value ?? undefined;
  const problem = valueProblem(field, cond.operator, value);
  return problem ? fail("value", problem) : { ok: true, field, value };
}

function valueProblem(field: ResolvedField, operator: string, value: ConditionValue): string | null {
  // The sentences are the builder's too (lib/schemas/segment-messages.ts): an API client reads the same.
  if (VALUELESS.has(operator)) return value === undefined ? null : M.noValue;
  if (operator === "in") {
    if (!Array.isArray(value)) return M.chooseValues;
    return value.map((v) => scalarProblem(field.kind, field, v)).find((p) => p !== null) ?? null;
  }
  if (DAYS.has(operator)) {
    return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 3650 ? null : M.enterDays;
  }
  if (field.kind === "number") return typeof value === "number" && Number.isFinite(value) ? null : M.enterNumber;
  if (typeof value !== "string" || value === "") return emptyMessage(field.kind);
  return scalarProblem(field.kind, field, value);
}

function emptyMessage(kind: FieldKind): string {
  if (kind === "status") return M.chooseStatus;
  if (kind === "select") return M.chooseOption;
  if (kind === "date") return M.enterDate;
  return M.enterText;
}

function scalarProblem(kind: FieldKind, field: ResolvedField, value: string): string | null {
  if (kind === "status") {
    return (CONTACT_STATUSES as readonly string[]).includes(value) ? null : chooseOneOf("status", CONTACT_STATUSES);
  }
  if (kind === "select") {
    const options = field.def?.options ?? [];
    return options.some((o) => o.toLowerCase() === value.toLowerCase()) ? null : chooseOneOf("option", options);
  }
  // Year 0000 passes for a JavaScript Date but not for PostgreSQL, where createdAt compares as a date.
  if (kind === "date") return isCalendarDay(value) ? null : DAY_DETAIL;
  return value.length > 0 ? null : M.enterText;
}

const label = (field: ResolvedField) =>
  field.builtIn ? `The field ${field.builtIn}` : `The ${field.kind} field ${field.def?.key}`;

const fail = (at: "field" | "operator" | "value", detail: string): CheckedCondition => ({ ok: false, at, detail });
