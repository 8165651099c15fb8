// Shapes shared by every resource: ids, timestamps, pagination, problem bodies.
import { z } from "zod";
import { DAY_DETAIL, isCalendarDay, parseInstant } from "../storable-dates";

/**
 * A UUID in any letter case, normalised to lowercase: PostgreSQL compares uuids ignoring case but Sets, Maps and
 * string comparisons in the services do not, so every id that enters goes through this.
 */
export const ZUuid = z.uuid().overwrite((id) => id.toLowerCase());
export const ZIdParams = z.object({ id: ZUuid });

export const ZTimestamp = z.iso
  .datetime()
  .meta({ description: "ISO 8601 UTC timestamp with milliseconds", example: "2026-11-22T09:30:00.000Z" });

/**
 * A date-time the API accepts anywhere it reaches a query (delivery `since`, export and list ranges): ISO 8601 with
 * seconds and a zone, within what PostgreSQL holds (years 0001–9999, offsets up to ±15:59; lib/storable-dates).
 */
export const ZDateTimeInput = z
  .string()
  .transform((v, ctx) => {
    const parsed = parseInstant(v);
    if (parsed.ok) return parsed.date;
    ctx.addIssue({ code: "custom", message: parsed.detail });
    return z.NEVER;
  })
  .meta({ description: "ISO 8601 date-time with a zone", format: "date-time", example: "2026-11-22T09:30:00Z" });

/** A range bound of a query: a day (YYYY-MM-DD, the whole UTC day: from its start or until its end) or a date-time. */
export const dateBoundQuery = (edge: "start" | "end") =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
        if (isCalendarDay(v)) return new Date(edge === "start" ? `${v}T00:00:00.000Z` : `${v}T23:59:59.999Z`);
        ctx.addIssue({ code: "custom", message: DAY_DETAIL });
        return z.NEVER;
      }
      const parsed = parseInstant(v);
      if (parsed.ok) return parsed.date;
      ctx.addIssue({ code: "custom", message: `Must be a day (YYYY-MM-DD) or a date-time. ${parsed.detail}` });
      return z.NEVER;
    })
    // Documented as what it accepts, so clients and validators know both forms.
    .meta({ anyOf: [{ format: "date" }, { format: "date-time" }], example: "2026-11-01" });

const intParam = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      const n = Number(v);
      if (!/^\d+$/.test(v) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `${name} must be a whole number from ${min} to ${max}.` });
        return z.NEVER;
      }
      return n;
    })
    // Documented as the integer it parses to (the wire value is a query string either way), so generated
    // clients take a number.
    .meta({
      description: `${name}, ${min} to ${max} (default ${fallback})`,
      type: "integer",
      minimum: min,
      maximum: max,
      default: fallback,
      example: fallback,
    });

/** Offset pagination: `page` ≥ 1, `limit` 1–100. Out of range is a 422, never a silent clamp. */
export const offsetQuery = (defaultLimit = 20) => ({
  page: intParam("page", 1, 1_000_000, 1),
  limit: intParam("limit", 1, 100, defaultLimit),
});
export const ZOffsetQuery = z.object(offsetQuery());

/** Cursor pagination: `limit` 1–100 and an opaque `cursor` from a previous page's `nextCursor`. */
export const cursorQuery = (defaultLimit = 20) => ({
  limit: intParam("limit", 1, 100, defaultLimit),
  cursor: z.string().max(512).optional().meta({ description: "Opaque token from the previous page's nextCursor" }),
});

/**
 * The body of an operation that takes none: absent, or `{}`. Anything else is refused like any other bad body
 * (withApiKey): not JSON 400, too large 413, not declared as JSON 415, and any other value or member 422.
 */
export const ZEmptyBody = z
  .strictObject({}, { error: () => "This operation takes no request body: send none, or {}." })
  .meta({ id: "EmptyBody", description: "This operation takes no body: send none, or `{}`." });

export const offsetPage = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.int().nonnegative(),
    page: z.int().positive(),
    limit: z.int().positive(),
    totalPages: z.int().nonnegative(),
  });

export const cursorPage = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable() });

export const ZProblem = z
  .object({
    type: z.url(),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    instance: z.string(),
    errors: z.array(z.object({ pointer: z.string(), detail: z.string() })).optional(),
  })
  .meta({
    id: "Problem",
    description:
      "RFC 7807 problem details. Every non-2xx response of the API has this shape (application/problem+json).",
  });

/** Trimmed non-empty text with a length cap. */
export const text = (max: number) =>
  z.string().trim().min(1, "Must not be empty.").max(max, `At most ${max} characters.`);
