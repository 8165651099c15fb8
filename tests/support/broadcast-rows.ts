// Sent broadcasts for tracking tests, written as rows (the sending engine's own tests cover how rows come to be):
// a broadcast in `sent`, one recipient per contact with sentAt and a provider message id, and its recorded links.
import { randomUUID } from "node:crypto";
import { sql } from "@/server/db/pool";
import { recipientToken } from "@/server/broadcasts/recipient-tokens";
import { applyNextEvents } from "@/server/tracking/rollup";

export type SentRecipient = { id: bigint; token: string; contactId: string; email: string; providerMessageId: string };
export type SentBroadcast = { id: string; recipients: SentRecipient[]; links: { id: bigint; url: string }[] };

/**
 * A sent broadcast of `workspaceId` to `count` new subscribed contacts. `sentAt` defaults to an hour ago, so hits
 * made now are outside the prefetch window.
 */
export async function makeSentBroadcast({
  workspaceId,
  count = 3,
  links = ["https://example.com/a", "https://example.com/b"],
  sentAt = new Date(Date.now() - 3_600_000),
}: {
  workspaceId: string;
  count?: number;
  links?: string[];
  sentAt?: Date;
}): Promise<SentBroadcast> {
  const id = randomUUID();
  await sql(
    `INSERT INTO "Broadcast" (id, "workspaceId", name, status, subject, "fromEmail", "recipientCount", "sentCount",
                              "sendStartedAt", "sentAt", "updatedAt")
     VALUES ($1, $2, 'Tracked', 'sent', 'Hello', 'news@example.com', $3, $3, $4, $4, now())`,
    [id, workspaceId, count, sentAt],
  );
  const tag = id.slice(0, 8);
  const contacts = await sql<{ id: string; email: string }>(
    `INSERT INTO "Contact" (id, "workspaceId", email, "emailKey", "firstName", source, "updatedAt", "subscribedAt")
     SELECT gen_random_uuid(), $1, e, e, 'Ann', 'api', now(), now()
       FROM unnest($2::text[]) AS e
     RETURNING id, email`,
    [workspaceId, Array.from({ length: count }, (_, i) => `r${i}-${tag}@example.com`)],
  );
  const recipients = await sql<{ id: string; contactId: string; email: string; providerMessageId: string }>(
    `INSERT INTO "BroadcastRecipient" ("broadcastId", "workspaceId", "contactId", email, "batchNo", status,
                                       "providerMessageId", "sentAt")
     SELECT $1, $2, c.id, c.email, 0, 'sent', 'msg-' || c.id, $3
       FROM unnest($4::uuid[], $5::text[]) AS c(id, email)
     RETURNING id, "contactId", email, "providerMessageId"`,
    [id, workspaceId, sentAt, contacts.map((c) => c.id), contacts.map((c) => c.email)],
  );
  const linkRows = await sql<{ id: string; url: string }>(
    `INSERT INTO "BroadcastLink" ("broadcastId", position, url)
     SELECT $1, n - 1, url FROM unnest($2::text[]) WITH ORDINALITY AS l(url, n)
     RETURNING id, url`,
    [id, links],
  );
  return {
    id,
    recipients: recipients
      .map((r) => ({ ...r, id: BigInt(r.id), token: recipientToken(BigInt(r.id)) }))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
    links: linkRows.map((l) => ({ id: BigInt(l.id), url: l.url })).sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
}

/**
 * Runs the rollup until it has applied every event recorded before the call (events other test files add meanwhile
 * are applied too, which is harmless: every assertion is per broadcast).
 */
export async function drain() {
  const [target] = await sql<{ max: string }>(`SELECT coalesce(max(seq), 0)::text AS max FROM "EmailEvent"`, []);
  const goal = BigInt(target!.max);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const r = await applyNextEvents();
    if (!r.busy && r.lastSeq >= goal) return;
    if (!r.full) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the rollup did not catch up within 15 s");
}
