// EMAIL_TRANSPORT=outbox (the default): messages are stored in "OutboxMessage" instead of leaving the machine, for
// development, demos and tests; the dashboard's outbox page shows them.
//
// Exactly once per message, under any number of repeats: a broadcast message's row is unique per recipient
// ("recipientId" is UNIQUE), and every row's id is derived from the batch's idempotency key and the message's place in
// the batch, so a repeated test or transactional send (no recipient) lands on the same id. One INSERT … ON CONFLICT DO
// NOTHING covers both; a repeat answers the ids of the rows stored the first time.
//
// Account mail (password reset, email change) is stored with no workspace, so no workspace's outbox page shows it.
// Offline nobody could read it then: each stored one also prints a line with its recipient and links to the server
// log, where the operator (and only the operator) can pass the link on.
import { createHash } from "node:crypto";
import { sql } from "@/server/db/pool";
import type { BatchAccepted, OutgoingEmail, Transport } from "./transport";

const INSERT = `
  INSERT INTO "OutboxMessage"
    (id, "workspaceId", "broadcastId", "recipientId", kind, "fromAddress", "toAddress", subject, html, text, headers)
  SELECT id, "workspaceId", "broadcastId", "recipientId", kind, "fromAddress", "toAddress", subject, html, text,
         headers::jsonb
  FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::text[],
              $9::text[], $10::text[], $11::text[])
    AS m(id, "workspaceId", "broadcastId", "recipientId", kind, "fromAddress", "toAddress", subject, html, text, headers)
  ON CONFLICT DO NOTHING
  RETURNING id`;

const EXISTING = `
  SELECT id, "recipientId"::text AS "recipientId" FROM "OutboxMessage"
  WHERE id = ANY($1::uuid[]) OR "recipientId" = ANY($2::bigint[])`;

export function outboxTransport(): Transport {
  return {
    name: "outbox",
    async sendBatch(emails, { idempotencyKey }): Promise<BatchAccepted> {
      if (emails.length === 0) return { providerMessageIds: [] };
      const ids = emails.map((_, index) => messageId(idempotencyKey, index));
      const inserted = await sql<{ id: string }>(INSERT, [
        ids,
        emails.map((e) => e.workspaceId),
        emails.map((e) => e.broadcastId),
        emails.map((e) => (e.recipientId === null ? null : e.recipientId.toString())),
        emails.map((e) => e.kind),
        emails.map((e) => e.from),
        emails.map((e) => e.to),
        emails.map((e) => e.subject),
        emails.map((e) => e.html),
        emails.map((e) => e.text),
        emails.map((e) => JSON.stringify(e.replyTo ? { "Reply-To": e.replyTo, ...e.headers } : e.headers)),
      ]);
      const fresh = new Set(inserted.map((row) => row.id));
      emails.forEach((email, index) => {
        if (email.kind === "account" && fresh.has(ids[index]!)) console.info(accountMailLogLine(email));
      });
      if (inserted.length === emails.length) return { providerMessageIds: ids };

      // A repeat: answer the rows stored before (a recipient's row may come from an earlier key).
      const existing = await sql<{ id: string; recipientId: string | null }>(EXISTING, [
        ids,
        emails.flatMap((e) => (e.recipientId === null ? [] : [e.recipientId.toString()])),
      ]);
      const byRecipient = new Map(existing.flatMap((row) => (row.recipientId ? [[row.recipientId, row.id]] : [])));
      return {
        providerMessageIds: emails.map(({ recipientId }, index) => {
          const id = messageId(idempotencyKey, index);
          if (fresh.has(id) || recipientId === null) return id;
          return byRecipient.get(recipientId.toString()) ?? null;
        }),
      };
    },
  };
}

/** One line, so `grep "account mail"` finds it: who it is for, what it is, and every link of its text. */
export function accountMailLogLine(email: OutgoingEmail): string {
  const links = [...new Set(email.text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [])];
  return `[outbox] account mail to ${email.to}: "${email.subject}" ${links.join(" ")}`.trimEnd();
}

/** A UUID (version 8: application-defined) from the batch key and the message's index in the batch. */
function messageId(idempotencyKey: string, index: number): string {
  const hex = createHash("sha256").update(`${idempotencyKey}\n${index}`).digest("hex");
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
