// GDPR erasure. The contact row and everything personal about it go; what analytics count survives anonymised.
import { db } from "@/server/db/client";
import { recordEvents, type Tx } from "@/server/events/record-event";
import { contactNotFound } from "./contact-record";

export async function deleteContact({ workspaceId, contactId }: { workspaceId: string; contactId: string }) {
  await db().$transaction(async (tx) => {
    const deleted = await deleteContacts(tx, { workspaceId, contactIds: [contactId] });
    if (deleted.length === 0) throw contactNotFound();
  });
}

/**
 * Erases contacts (set-based, for bulk deletes too) and returns the ids that existed:
 * - email.* activity (sent, opened, clicked…) is kept with contactId null and data {}, so broadcast statistics
 *   keep their counts; every other activity row (form data, field values, tags) is deleted;
 * - the email is removed from the payloads of this contact's earlier events (contact.*, form.submitted, email.*),
 *   which would otherwise keep it in the event log forever;
 * - form submissions and double opt-in confirmations go with the row, and the confirmation emails from the outbox;
 * - broadcast recipient rows lose their address (their counts stay);
 * - tag links go with the row (the trigger keeps tag counts exact); contact.deleted carries only the id.
 */
export async function deleteContacts(
  tx: Tx,
  { workspaceId, contactIds }: { workspaceId: string; contactIds: string[] },
) {
  const rows = await tx.$queryRaw<{ id: string; emailKey: string }[]>`
    SELECT id, "emailKey" FROM "Contact"
     WHERE "workspaceId" = ${workspaceId}::uuid AND id = ANY(${contactIds}::uuid[])
     ORDER BY id
       FOR UPDATE`;
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  await tx.$executeRaw`
    UPDATE "ContactActivity" SET "contactId" = NULL, data = '{}'::jsonb
     WHERE "contactId" = ANY(${ids}::uuid[]) AND type LIKE 'email.%'`;
  await tx.$executeRaw`DELETE FROM "ContactActivity" WHERE "contactId" = ANY(${ids}::uuid[])`;
  await tx.$executeRaw`
    UPDATE "Event" SET payload = payload - 'email'
     WHERE "workspaceId" = ${workspaceId}::uuid
       AND payload ? 'email'
       AND payload->>'contactId' = ANY(${ids}::text[])`;
  // Emails to the address that belong to no broadcast (double opt-in confirmations) go from the outbox too; form
  // submissions and confirmation rows go with the contact row (foreign keys).
  await tx.$executeRaw`
    DELETE FROM "OutboxMessage"
     WHERE "workspaceId" = ${workspaceId}::uuid AND "recipientId" IS NULL AND kind = 'transactional'
       AND lower("toAddress") = ANY(${rows.map((r) => r.emailKey)}::text[])`;
  // Broadcast recipient rows stay for the statistics (contactId becomes null with the contact); the address goes,
  // and so do the copies of their emails in the outbox (address, name and merge values are in them).
  await tx.$executeRaw`DELETE FROM "OutboxMessage" WHERE "recipientId" IN
    (SELECT id FROM "BroadcastRecipient" WHERE "contactId" = ANY(${ids}::uuid[]))`;
  await tx.$executeRaw`UPDATE "BroadcastRecipient" SET email = '' WHERE "contactId" = ANY(${ids}::uuid[])`;
  await tx.$executeRaw`DELETE FROM "Contact" WHERE "workspaceId" = ${workspaceId}::uuid AND id = ANY(${ids}::uuid[])`;
  await recordEvents(
    tx,
    workspaceId,
    ids.map((id) => ({ type: "contact.deleted", payload: { contactId: id } })),
  );
  return ids;
}
