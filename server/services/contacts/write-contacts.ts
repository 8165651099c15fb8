// Set-based Contact writes: one statement per batch whatever its size (JSON in, jsonb_to_recordset out), so an
// import of 1,000 rows costs a handful of round trips, not thousands.
import { Prisma } from "@/server/db/generated/client";
import type { Tx } from "@/server/events/record-event";
import type { ContactStatus } from "@/lib/schemas/contacts";
import type { ContactState } from "./contact-changes";
import { isRecord } from "./contact-record";
import { NEW_CONTACT_TIMESTAMP_COLUMNS, newContactTimestampsSql, statusTimestampsSql } from "./status-moves";

// Fixed SQL text of the timestamp rule (no values in it), embedded in the tagged statements below.
const NEW_TIMESTAMP_COLUMNS = Prisma.raw(NEW_CONTACT_TIMESTAMP_COLUMNS);
const NEW_TIMESTAMPS = Prisma.raw(newContactTimestampsSql("r.status"));
const UPDATE_TIMESTAMPS = Prisma.raw(statusTimestampsSql("u.status"));

export type LockedContact = ContactState & { id: string; emailKey: string };

/** Locks the workspace's contacts with these email keys (in id order, so concurrent batches cannot deadlock). */
export async function lockContactsByEmail(tx: Tx, workspaceId: string, emailKeys: string[]) {
  if (emailKeys.length === 0) return [];
  const rows = await tx.$queryRaw<(LockedContact & { fields: unknown })[]>`
    SELECT id, email, "emailKey", "firstName", "lastName", status::text AS status, timezone, fields
      FROM "Contact"
     WHERE "workspaceId" = ${workspaceId}::uuid AND "emailKey" = ANY(${emailKeys}::text[])
     ORDER BY id
       FOR UPDATE`;
  return rows.map(withFields);
}

export async function lockContactById(tx: Tx, workspaceId: string, id: string): Promise<LockedContact | null> {
  const [row] = await tx.$queryRaw<(LockedContact & { fields: unknown })[]>`
    SELECT id, email, "emailKey", "firstName", "lastName", status::text AS status, timezone, fields
      FROM "Contact"
     WHERE "workspaceId" = ${workspaceId}::uuid AND id = ${id}::uuid
       FOR UPDATE`;
  return row ? withFields(row) : null;
}

const withFields = (r: LockedContact & { fields: unknown }): LockedContact => ({
  ...r,
  fields: isRecord(r.fields) ? r.fields : {},
});

export type NewContact = ContactState & { id: string; emailKey: string };

/**
 * Inserts the contacts whose email is still free and returns the email keys it inserted; a key taken meanwhile by
 * a concurrent request is left out, for the caller to treat as existing.
 */
export async function insertContacts(tx: Tx, workspaceId: string, source: string, rows: NewContact[]) {
  if (rows.length === 0) return new Set<string>();
  const inserted = await tx.$queryRaw<{ emailKey: string }[]>`
    INSERT INTO "Contact" (id, "workspaceId", email, "emailKey", "firstName", "lastName", status, timezone, source,
                           fields, "createdAt", "updatedAt", ${NEW_TIMESTAMP_COLUMNS})
    SELECT r.id, ${workspaceId}::uuid, r.email, r."emailKey", r."firstName", r."lastName", r.status::"ContactStatus",
           r.timezone, ${source}, r.fields, now(), now(), ${NEW_TIMESTAMPS}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(id uuid, email text, "emailKey" text, "firstName" text, "lastName" text, status text, timezone text,
             fields jsonb)
        ON CONFLICT ("workspaceId", "emailKey") DO NOTHING
    RETURNING "emailKey"`;
  return new Set(inserted.map((r) => r.emailKey));
}

/** Writes new states of locked contacts, their timestamps by the one rule (status-moves.ts). */
export async function updateContacts(tx: Tx, workspaceId: string, rows: (ContactState & { id: string })[]) {
  if (rows.length === 0) return;
  const payload = rows.map((r) => ({ ...r, emailKey: r.email.toLowerCase() }));
  await tx.$executeRaw`
    UPDATE "Contact" c
       SET email = u.email, "emailKey" = u."emailKey", "firstName" = u."firstName", "lastName" = u."lastName",
           status = u.status::"ContactStatus", timezone = u.timezone, fields = u.fields, "updatedAt" = now(),
           ${UPDATE_TIMESTAMPS}
      FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb)
        AS u(id uuid, email text, "emailKey" text, "firstName" text, "lastName" text, status text, timezone text,
             fields jsonb)
     WHERE c.id = u.id AND c."workspaceId" = ${workspaceId}::uuid`;
}

/** Links tags (of this workspace only) to contacts; returns the links that are new. */
export async function linkTags(tx: Tx, workspaceId: string, contactIds: string[], tagIds: string[]) {
  if (contactIds.length === 0 || tagIds.length === 0) return [];
  // The tag's name comes back too: tag events carry it (tagRecords).
  return tx.$queryRaw<{ contactId: string; tagId: string; tagName: string }[]>`
    WITH linked AS (
      INSERT INTO "ContactTag" ("contactId", "tagId")
      SELECT c.id, t.id
        FROM unnest(${contactIds}::uuid[]) AS c(id)
        CROSS JOIN "Tag" t
       WHERE t.id = ANY(${tagIds}::uuid[]) AND t."workspaceId" = ${workspaceId}::uuid
       ORDER BY c.id, t.id
          ON CONFLICT DO NOTHING
      RETURNING "contactId", "tagId")
    SELECT l."contactId"::text AS "contactId", l."tagId"::text AS "tagId", t.name AS "tagName"
      FROM linked l JOIN "Tag" t ON t.id = l."tagId"
     ORDER BY l."contactId", l."tagId"`;
}

export async function touchContacts(tx: Tx, workspaceId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx.$executeRaw`
    UPDATE "Contact" SET "updatedAt" = now() WHERE "workspaceId" = ${workspaceId}::uuid AND id = ANY(${ids}::uuid[])`;
}

export const DEFAULT_STATUS: ContactStatus = "subscribed";
