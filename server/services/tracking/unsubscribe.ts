// Unsubscribing through an email's signed link: the RFC 8058 one-click POST a mail client sends on the recipient's
// behalf, or the confirmation page's form. No login, no cookie: the token is the proof. A GET never unsubscribes
// (link scanners prefetch GETs); only these POSTs do.
import "server-only";
import { maskEmail } from "@/lib/email-address";
import { sql, sqlTransaction } from "@/server/db/pool";
import { statusMoveSql } from "@/server/services/contacts/status-moves";
import { readRecipientToken } from "@/server/broadcasts/recipient-tokens";

const UNSUBSCRIBE = statusMoveSql("unsubscribeLink");

export type UnsubscribePage = { workspaceName: string; maskedEmail: string; unsubscribed: boolean };

/** What the confirmation page shows, or null for a forged token or a recipient that no longer exists. */
export async function unsubscribePageState(token: string): Promise<UnsubscribePage | null> {
  const recipientId = readRecipientToken(token);
  if (recipientId === null) return null;
  const [row] = await sql<{ name: string; email: string; status: string | null; unsubscribedAt: Date | null }>(
    `SELECT w.name, r.email, c.status, r."unsubscribedAt"
       FROM "BroadcastRecipient" r
       JOIN "Workspace" w ON w.id = r."workspaceId"
       LEFT JOIN "Contact" c ON c.id = r."contactId"
      WHERE r.id = $1`,
    [recipientId.toString()],
  );
  if (!row) return null;
  return {
    workspaceName: row.name,
    maskedEmail: maskEmail(row.email),
    // An erased contact, or one that is no longer subscribed, gets nothing more from this workspace either way.
    unsubscribed: row.unsubscribedAt !== null || row.status !== "subscribed",
  };
}

/**
 * Unsubscribes the contact the token's recipient was sent to, once: the contact's status, the recipient's
 * unsubscribedAt, an `unsubscribed` EmailEvent (the broadcast's count, by the rollup), the contact's timeline and
 * the Event log (contact.updated and contact.unsubscribed, as any other move to unsubscribed writes), in one
 * transaction. The recipient row is locked first, so two POSTs at once write everything once. A contact that was
 * not subscribed any more (unsubscribed elsewhere, bounced, erased) changes nothing and is not counted against this
 * broadcast. Returns null for a forged token or an unknown recipient.
 */
export async function unsubscribeByToken(token: string): Promise<{ changed: boolean } | null> {
  const recipientId = readRecipientToken(token);
  if (recipientId === null) return null;
  return sqlTransaction(async (query) => {
    const { rows } = await query<{ workspaceId: string; broadcastId: string; contactId: string | null }>(
      `SELECT "workspaceId", "broadcastId", "contactId" FROM "BroadcastRecipient" WHERE id = $1 FOR UPDATE`,
      [recipientId.toString()],
    );
    const recipient = rows[0];
    if (!recipient) return null;
    if (!recipient.contactId) return { changed: false };
    const contact = await query<{ email: string }>(
      `UPDATE "Contact" SET ${UNSUBSCRIBE.set}, "updatedAt" = now()
        WHERE id = $1 AND "workspaceId" = $2 AND ${UNSUBSCRIBE.guard}
        RETURNING email`,
      [recipient.contactId, recipient.workspaceId],
    );
    const email = contact.rows[0]?.email;
    if (email === undefined) return { changed: false };
    const ids = [recipientId.toString(), recipient.workspaceId, recipient.broadcastId, recipient.contactId];
    // Counted against this broadcast once per recipient, even if the contact resubscribed and used the link again.
    const firstTime = await query(
      `UPDATE "BroadcastRecipient" SET "unsubscribedAt" = now() WHERE id = $1 AND "unsubscribedAt" IS NULL`,
      [ids[0]],
    );
    if (firstTime.rowCount === 1) {
      await query(
        `INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type) VALUES ($2, $3, $1, 'unsubscribed')`,
        ids.slice(0, 3),
      );
    }
    await query(
      `INSERT INTO "ContactActivity" (id, "workspaceId", "contactId", type, "broadcastId", data)
       VALUES (gen_random_uuid(), $1, $3, 'unsubscribed', $2, '{"from":"subscribed","via":"unsubscribe link"}')`,
      ids.slice(1),
    );
    await query(
      `INSERT INTO "Event" (id, "workspaceId", type, payload)
       SELECT gen_random_uuid(), $1, e.type, jsonb_build_object('contactId', $2::uuid, 'email', $3::text) || e.extra
         FROM (VALUES (1, 'contact.updated', '{"changed":["status"]}'::jsonb), (2, 'contact.unsubscribed', '{}'))
              AS e(n, type, extra)
        ORDER BY e.n`,
      [recipient.workspaceId, recipient.contactId, email],
    );
    return { changed: true };
  });
}
