// Batch upsert of contacts by email: the engine of POST /contacts/batch, POST /contacts with upsert, and the CSV
// importer. Set-based: about six statements per call whatever the number of rows (≤ 1,000 per call).
import { randomUUID } from "node:crypto";
import { recordEvents, type Tx } from "@/server/events/record-event";
import type { ContactStatus } from "@/lib/schemas/contacts";
import {
  applyPatch,
  createdRecords,
  tagRecords,
  updateRecords,
  type ContactState,
  type EventRecord,
} from "./contact-changes";
import { emailKeyOf } from "./contact-record";
import { recordActivities, type ActivityInput } from "./record-activities";
import {
  DEFAULT_STATUS,
  insertContacts,
  linkTags,
  lockContactsByEmail,
  touchContacts,
  updateContacts,
  type NewContact,
} from "./write-contacts";

/** A row already validated: email trimmed and valid, timezone canonical, fields normalised by validateFields. */
export type ValidContactInput = {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  status?: ContactStatus;
  timezone?: string | null;
  /** Merged into existing values; a null value removes its key. */
  fields?: Record<string, unknown>;
};

export type UpsertResult = { created: number; updated: number; skipped: number; contactIds: string[] };

/**
 * Existing emails (ignoring case) are updated when `updateExisting`, else left untouched and counted as skipped.
 * An updated contact keeps its email's spelling; attributes a row leaves undefined keep their value; an update
 * that changes nothing still counts as updated but writes no event. Duplicate emails in `rows`: the last wins,
 * counted once. `tagIds` (of this workspace; others are ignored) go on every created and updated contact.
 * `contactIds` follows the order of first appearance, skipped contacts included.
 */
export async function upsertContacts(
  tx: Tx,
  args: { workspaceId: string; rows: ValidContactInput[]; updateExisting: boolean; source: string; tagIds?: string[] },
): Promise<UpsertResult> {
  const { workspaceId, source } = args;
  const byKey = new Map<string, ValidContactInput>();
  for (const row of args.rows) byKey.set(emailKeyOf(row.email), row);

  const idByKey = new Map<string, string>();
  const created: NewContact[] = [];
  const updates: (ContactState & { id: string })[] = [];
  const events: EventRecord[] = [];
  const activities: ActivityInput[] = [];
  const touched: string[] = [];
  let skipped = 0;

  // A key inserted by a concurrent request between our lock and our insert is retried as an existing contact.
  let todo = [...byKey.keys()];
  for (let attempt = 0; todo.length > 0; attempt++) {
    if (attempt === 3) throw new Error("Contacts kept changing concurrently; giving up the upsert.");
    const existing = await lockContactsByEmail(tx, workspaceId, todo);
    for (const current of existing) {
      idByKey.set(current.emailKey, current.id);
      if (!args.updateExisting) {
        skipped++;
        continue;
      }
      touched.push(current.id);
      const { email: _ignored, ...patch } = byKey.get(current.emailKey)!;
      const { next, changes } = applyPatch(current, patch);
      if (changes.length === 0) continue;
      updates.push({ ...next, id: current.id });
      const records = updateRecords(current.id, next, changes);
      events.push(...records.events);
      activities.push(...records.activities);
    }
    const fresh = todo.filter((key) => !idByKey.has(key)).map((key) => newContact(key, byKey.get(key)!));
    const inserted = await insertContacts(tx, workspaceId, source, fresh);
    for (const contact of fresh) {
      if (!inserted.has(contact.emailKey)) continue;
      idByKey.set(contact.emailKey, contact.id);
      created.push(contact);
      const records = createdRecords(contact.id, contact, source);
      events.push(...records.events);
      activities.push(...records.activities);
    }
    todo = fresh.filter((c) => !inserted.has(c.emailKey)).map((c) => c.emailKey);
  }

  await updateContacts(tx, workspaceId, updates);
  const links = await linkTags(tx, workspaceId, [...created.map((c) => c.id), ...touched], args.tagIds ?? []);
  for (const link of links) {
    const { event, activity } = tagRecords(link.contactId, link.tagId, true, link.tagName);
    events.push(event);
    activities.push(activity);
  }
  // Existing contacts that only gained tags still changed: their updatedAt moves too.
  const changed = new Set(updates.map((u) => u.id));
  const existingIds = new Set(touched);
  const tagOnly = new Set(links.map((l) => l.contactId).filter((id) => existingIds.has(id) && !changed.has(id)));
  await touchContacts(tx, workspaceId, [...tagOnly]);
  await recordEvents(tx, workspaceId, events);
  await recordActivities(tx, workspaceId, activities);

  return {
    created: created.length,
    updated: touched.length,
    skipped,
    contactIds: [...byKey.keys()].map((key) => idByKey.get(key)!),
  };
}

function newContact(emailKey: string, row: ValidContactInput): NewContact {
  const fields = Object.fromEntries(Object.entries(row.fields ?? {}).filter(([, v]) => v !== null && v !== undefined));
  return {
    id: randomUUID(),
    emailKey,
    email: row.email.trim(),
    firstName: row.firstName ?? null,
    lastName: row.lastName ?? null,
    status: row.status ?? DEFAULT_STATUS,
    timezone: row.timezone ?? null,
    fields,
  };
}
