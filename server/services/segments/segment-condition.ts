// Segment rules → one boolean SQL expression over the alias `c` of "Contact". The caller adds the workspace filter
// of `c`; every subquery here is correlated to c."id" and scoped to the workspace itself, so a tag or activity of
// another workspace can never match. Used by segment counts and lists, GET /contacts?segmentId= and CSV export.
import { Prisma } from "@/server/db/generated/client";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import {
  ZSegmentRules,
  type ActivityCondition,
  type SegmentCondition,
  type SegmentRules,
  type TagCondition,
} from "@/lib/schemas/segments";
import { compileFieldCondition } from "./compile-field-condition";
import { loadFieldDefs, type FieldDefLite } from "./field-defs";

export type { FieldDefLite } from "./field-defs";

const { sql, join } = Prisma;
type Sql = Prisma.Sql;

export function compileRules(workspaceId: string, rules: SegmentRules, fieldDefs: FieldDefLite[]): Prisma.Sql {
  return combine(
    rules.match,
    rules.conditions.map((c) => compileCondition(workspaceId, c, fieldDefs)),
  );
}

export async function getSegmentCondition({
  workspaceId,
  segmentId,
}: {
  workspaceId: string;
  segmentId: string;
}): Promise<Prisma.Sql> {
  const [segment, fieldDefs] = await Promise.all([
    db().segment.findFirst({ where: { id: segmentId, workspaceId }, select: { rules: true } }),
    loadFieldDefs(workspaceId),
  ]);
  if (!segment) throw new AppError("NOT_FOUND", "Segment not found.");
  return compileStoredRules(workspaceId, segment.rules, fieldDefs);
}

/** Stored rules were validated on write; anything unreadable (never expected) matches no contact rather than erroring. */
export function compileStoredRules(workspaceId: string, stored: unknown, fieldDefs: FieldDefLite[]): Prisma.Sql {
  const parsed = ZSegmentRules.safeParse(stored);
  return parsed.success ? compileRules(workspaceId, parsed.data, fieldDefs) : sql`FALSE`;
}

function combine(match: "all" | "any", parts: Sql[]): Sql {
  return sql`(${join(parts, match === "all" ? " AND " : " OR ")})`;
}

function compileCondition(workspaceId: string, cond: SegmentCondition, fieldDefs: FieldDefLite[]): Sql {
  switch (cond.type) {
    case "group":
      return combine(
        cond.match,
        cond.conditions.map((c) => compileCondition(workspaceId, c, fieldDefs)),
      );
    case "field":
      return compileFieldCondition(cond, fieldDefs);
    case "tag":
      return compileTag(workspaceId, cond);
    case "activity":
      return compileActivity(workspaceId, cond);
  }
}

/**
 * Correlated EXISTS on ContactTag: a hash join over its (tagId, contactId) index, or a probe of its primary key.
 * The tag's workspace is checked by an uncorrelated subquery, which PostgreSQL runs once per query, not per contact.
 */
function compileTag(workspaceId: string, cond: TagCondition): Sql {
  const exists = sql`EXISTS (SELECT 1 FROM "ContactTag" ct WHERE ct."contactId" = c."id" AND ct."tagId" = ${cond.tagId}::uuid
    AND EXISTS (SELECT 1 FROM "Tag" t WHERE t."id" = ${cond.tagId}::uuid AND t."workspaceId" = ${workspaceId}::uuid))`;
  return cond.operator === "has" ? exists : sql`(NOT ${exists})`;
}

const ACTIVITY_TYPES = { opened: "email.opened", clicked: "email.clicked", submitted_form: "form.submitted" } as const;

function compileActivity(workspaceId: string, cond: ActivityCondition): Sql {
  const scope = (type: string) => {
    const filters = [
      sql`a."contactId" = c."id"`,
      sql`a."workspaceId" = ${workspaceId}::uuid`,
      sql`a."type" = ${type}::text`,
    ];
    if ("broadcastId" in cond && cond.broadcastId) filters.push(sql`a."broadcastId" = ${cond.broadcastId}::uuid`);
    if ("formId" in cond && cond.formId) filters.push(sql`a."formId" = ${cond.formId}::uuid`);
    if (cond.withinDays) {
      filters.push(sql`a."createdAt" >= now() - make_interval(days => ${cond.withinDays}::integer)`);
    }
    return sql`EXISTS (SELECT 1 FROM "ContactActivity" a WHERE ${join(filters, " AND ")})`;
  };
  // "Did not open" only counts contacts that were sent the email: someone never mailed did not ignore it.
  if (cond.action === "not_opened") return sql`(${scope("email.sent")} AND NOT ${scope("email.opened")})`;
  return scope(ACTIVITY_TYPES[cond.action]);
}
