// Contact `fields` against the workspace's custom-field definitions. Shared by the contacts API, the batch
// endpoint and the CSV importer, so values arrive either as JSON types or as CSV strings; both are normalised to
// one stored form: text → trimmed string, number → number, boolean → boolean, date → "YYYY-MM-DD",
// select → the option as defined. `null` (or a blank string) clears a value.
import { db } from "@/server/db/client";
import type { FieldError } from "@/server/errors";
import { pointerTo } from "@/lib/json-pointer";
import { isCalendarDay, isStorableOffset } from "@/lib/storable-dates";
import type { Tx } from "@/server/events/record-event";

export type FieldType = "text" | "number" | "date" | "boolean" | "select";
export type FieldDef = { key: string; type: FieldType; options: string[] };

export const TEXT_FIELD_MAX = 1000;

/** Inside a transaction pass its client: the embedded database serialises connections, so another would wait. */
export async function loadFieldDefs(workspaceId: string, client: Tx = db()): Promise<FieldDef[]> {
  const rows = await client.customField.findMany({
    where: { workspaceId },
    select: { key: true, type: true, options: true },
  });
  return rows.map((r) => ({
    key: r.key,
    type: r.type,
    options: Array.isArray(r.options) ? r.options.filter((o): o is string => typeof o === "string") : [],
  }));
}

type Result = { ok: true; value: unknown } | { ok: false; detail: string };

export function validateFields(
  defs: FieldDef[],
  fields: Record<string, unknown>,
  pointerPrefix = "#/fields",
): { values: Record<string, unknown>; errors: FieldError[] } {
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [key, raw] of Object.entries(fields)) {
    const pointer = pointerTo([key], pointerPrefix);
    const def = byKey.get(key);
    if (!def) {
      errors.push({ pointer, detail: "Unknown custom field." });
      continue;
    }
    const result = normaliseValue(def, raw);
    if (result.ok) values[key] = result.value;
    else errors.push({ pointer, detail: result.detail });
  }
  return { values, errors };
}

function normaliseValue(def: FieldDef, raw: unknown): Result {
  if (raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "")) {
    return { ok: true, value: null };
  }
  switch (def.type) {
    case "text":
      return asText(raw);
    case "number":
      return asNumber(raw);
    case "boolean":
      return asBoolean(raw);
    case "date":
      return asDate(raw);
    case "select":
      return asOption(raw, def.options);
  }
}

function asText(raw: unknown): Result {
  if (typeof raw !== "string") return { ok: false, detail: "Must be a string." };
  const value = raw.trim();
  if (value.length > TEXT_FIELD_MAX) return { ok: false, detail: `At most ${TEXT_FIELD_MAX} characters.` };
  return { ok: true, value };
}

// Strict decimal notation only: "12", "-3.5", "1e3"; not "0x10", "12abc", "Infinity" or "1,000".
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function asNumber(raw: unknown): Result {
  const n = typeof raw === "number" ? raw : typeof raw === "string" && NUMBER.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, detail: "Must be a finite number." };
}

const TRUE = new Set(["true", "yes", "1"]);
const FALSE = new Set(["false", "no", "0"]);

function asBoolean(raw: unknown): Result {
  if (typeof raw === "boolean") return { ok: true, value: raw };
  const s = typeof raw === "string" ? raw.trim().toLowerCase() : typeof raw === "number" ? String(raw) : "";
  if (TRUE.has(s)) return { ok: true, value: true };
  if (FALSE.has(s)) return { ok: true, value: false };
  return { ok: false, detail: "Must be a boolean (true/false, yes/no or 1/0)." };
}

const DATE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/i;

/**
 * A calendar date, or a date-time whose date part is kept as written (the writer's calendar day). The same limits as
 * every other date of the API (lib/storable-dates): years 0001–9999, offsets within ±15:59.
 */
function asDate(raw: unknown): Result {
  const m = typeof raw === "string" ? DATE.exec(raw.trim()) : null;
  const invalid = { ok: false as const, detail: "Must be a date (YYYY-MM-DD or an ISO 8601 date-time)." };
  if (!m) return invalid;
  const [, day = "", hh, mm, ss, offsetHours, offsetMinutes] = m;
  if (!isCalendarDay(day)) return invalid;
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59)) return invalid;
  if (offsetHours !== undefined && !isStorableOffset(Number(offsetHours), Number(offsetMinutes))) {
    return { ok: false, detail: "The time zone offset must be within ±15:59." };
  }
  return { ok: true, value: day };
}

/** Options match ignoring case and surrounding spaces (CSV files are rarely consistent); the defined spelling is stored. */
function asOption(raw: unknown, options: string[]): Result {
  if (typeof raw !== "string") return { ok: false, detail: "Must be one of the field's options." };
  const wanted = raw.trim().toLowerCase();
  const match = options.find((o) => o.toLowerCase() === wanted);
  return match !== undefined
    ? { ok: true, value: match }
    : { ok: false, detail: `Must be one of: ${options.map((o) => JSON.stringify(o)).join(", ")}.` };
}
