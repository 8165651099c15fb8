// The "Tags (per row)" column: tag names are matched to the workspace's tags and the missing ones created
// (server/services/tags/missing-tags-sql.ts), then linked to their row's contact. Runs inside the batch's transaction,
// so the tags, the links, their events and the counters commit together; Tag.contactCount is kept exact by
// ContactTag's trigger.
import type { Tx } from "@/server/events/record-event";
import { recordEvents } from "@/server/events/record-event";
import { tagRecords, type EventRecord } from "@/server/services/contacts/contact-changes";
import { recordActivities, type ActivityInput } from "@/server/services/contacts/record-activities";
import { touchContacts } from "@/server/services/contacts/write-contacts";
import { insertMissingTagsSql, namesByKey, tagIdsByKeySql } from "@/server/services/tags/missing-tags-sql";

/** Tag id by name key for every name, creating the tags that do not exist yet (spelled as first seen). */
export async function resolveTagNames(tx: Tx, workspaceId: string, names: string[]): Promise<Map<string, string>> {
  const byKey = namesByKey(names);
  if (byKey.size === 0) return new Map();
  await tx.$executeRaw(insertMissingTagsSql(workspaceId, byKey));
  const rows = await tx.$queryRaw<{ id: string; nameKey: string }[]>(tagIdsByKeySql(workspaceId, byKey));
  return new Map(rows.map((r) => [r.nameKey, r.id]));
}

/** Adds each contact's tags (already linked ones are left alone) with the same events as every other tagging. */
export async function linkRowTags(
  tx: Tx,
  workspaceId: string,
  pairs: { contactId: string; tagId: string }[],
): Promise<number> {
  if (pairs.length === 0) return 0;
  const links = await tx.$queryRaw<{ contactId: string; tagId: string; tagName: string }[]>`
    WITH added AS (
      INSERT INTO "ContactTag" ("contactId", "tagId")
      SELECT p."contactId", p."tagId"
        FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS p("contactId" uuid, "tagId" uuid)
        JOIN "Tag" t ON t.id = p."tagId" AND t."workspaceId" = ${workspaceId}::uuid
       ORDER BY p."contactId", p."tagId"
          ON CONFLICT DO NOTHING
      RETURNING "contactId", "tagId")
    SELECT a."contactId"::text AS "contactId", a."tagId"::text AS "tagId", t.name AS "tagName"
      FROM added a JOIN "Tag" t ON t.id = a."tagId"`;
  const events: EventRecord[] = [];
  const activities: ActivityInput[] = [];
  for (const link of links) {
    const { event, activity } = tagRecords(link.contactId, link.tagId, true, link.tagName);
    // The name travels with the event, so a webhook consumer need not look the tag up (it may be renamed later).
    events.push({ ...event, payload: { ...event.payload, tagName: link.tagName } });
    activities.push(activity);
  }
  await touchContacts(tx, workspaceId, [...new Set(links.map((l) => l.contactId))]);
  await recordEvents(tx, workspaceId, events);
  await recordActivities(tx, workspaceId, activities);
  return links.length;
}
