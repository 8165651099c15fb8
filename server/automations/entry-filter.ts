// Segment rules evaluated for a known set of contacts, never the whole list: the intake's entry filter, its
// segment_entered trigger and its goals ask "which of THESE contacts match?" in one statement whose every row is
// reached through `c.id = ANY($contacts)` (the primary key). Everything runs on the caller's transaction (`query`):
// on the embedded database another connection would wait for that transaction to end.
import { Prisma } from "@/server/db/generated/client";
import type { Query } from "@/server/db/pool";
import { compileStoredRules, type FieldDefLite } from "@/server/services/segments/segment-condition";
import type { FieldType } from "@/server/services/custom-fields/validate-fields";

const { sql, join } = Prisma;

/** What compiling a workspace's rules needs: its custom field definitions (by workspace id). */
export type RuleContext = Map<string, FieldDefLite[]>;

export async function loadRuleContext(query: Query, workspaceIds: string[]): Promise<RuleContext> {
  const context: RuleContext = new Map(workspaceIds.map((id) => [id, []]));
  if (workspaceIds.length === 0) return context;
  const { rows } = await query<{ workspaceId: string; key: string; type: FieldType; options: unknown }>(
    `SELECT "workspaceId"::text AS "workspaceId", key, type::text AS type, options
       FROM "CustomField" WHERE "workspaceId" = ANY($1::uuid[])`,
    [workspaceIds],
  );
  for (const r of rows) {
    const options = Array.isArray(r.options) ? r.options.filter((o): o is string => typeof o === "string") : [];
    context.get(r.workspaceId)?.push({ key: r.key, type: r.type, options });
  }
  return context;
}

/** Stored segment rules (a segment's, an entry filter, a goal's) as a condition on the alias `c`. */
export const rulesSql = (context: RuleContext, workspaceId: string, stored: unknown) =>
  compileStoredRules(workspaceId, stored, context.get(workspaceId) ?? []);

/**
 * Of `contactIds`, the subscribed ones of the workspace that meet every condition (and, with `notInside`, have no
 * active run of that automation). Answers ids in input order; an empty input asks nothing.
 */
export async function matchingContacts(
  query: Query,
  workspaceId: string,
  contactIds: string[],
  conditions: Prisma.Sql[],
  { notInside }: { notInside?: string } = {},
): Promise<string[]> {
  if (contactIds.length === 0) return [];
  const parts = [
    sql`c."workspaceId" = ${workspaceId}::uuid`,
    sql`c.id = ANY(${contactIds}::uuid[])`,
    sql`c.status = 'subscribed'`,
    ...conditions,
  ];
  if (notInside) {
    parts.push(sql`NOT EXISTS (SELECT 1 FROM "AutomationRun" r
      WHERE r."automationId" = ${notInside}::uuid AND r."contactId" = c.id AND r.status = 'active')`);
  }
  const statement = sql`SELECT c.id::text AS id FROM "Contact" c WHERE ${join(parts, " AND ")}`;
  const { rows } = await query<{ id: string }>(statement.text, statement.values);
  const matched = new Set(rows.map((r) => r.id));
  return contactIds.filter((id) => matched.has(id));
}

/** The entries whose contact passes the automation's entry filter (all of them without one). */
export async function passEntryFilter<E extends { contactId: string }>(
  query: Query,
  context: RuleContext,
  automation: { workspaceId: string; entryFilter: unknown },
  entries: E[],
): Promise<E[]> {
  if (entries.length === 0 || automation.entryFilter == null) return entries;
  const ids = [...new Set(entries.map((e) => e.contactId))];
  const passed = new Set(
    await matchingContacts(query, automation.workspaceId, ids, [
      rulesSql(context, automation.workspaceId, automation.entryFilter),
    ]),
  );
  return entries.filter((e) => passed.has(e.contactId));
}
