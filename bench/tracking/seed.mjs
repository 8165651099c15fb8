// The tracking benchmark's data, seeded in SQL: a sent broadcast with `count` recipients and 3 recorded links.
import { seedReaders } from "../lib/server.mjs";

/**
 * A sent broadcast (an hour ago: hits now are no prefetch) to `count` new subscribed contacts, and 3 links. The
 * recipients' ids are consecutive from `firstId`, so recipient index i is id firstId + i (its token is signed for it).
 */
export async function seedBroadcast(client, workspaceId, count) {
  await seedReaders(client, workspaceId, count);
  const {
    rows: [b],
  } = await client.query(
    `INSERT INTO "Broadcast" (id, "workspaceId", name, status, subject, "fromEmail", "sendStartedAt", "sentAt",
                              "fanoutDoneAt", "recipientCount", "sentCount", "updatedAt")
     VALUES (gen_random_uuid(), $1, 'Tracked', 'sent', 'Hello', 'news@bench.example', now() - interval '1 hour',
             now() - interval '1 hour', now() - interval '1 hour', $2, $2, now())
     RETURNING id`,
    [workspaceId, count],
  );
  await client.query(`INSERT INTO "BroadcastStats" ("broadcastId") VALUES ($1) ON CONFLICT DO NOTHING`, [b.id]);
  await client.query(
    `INSERT INTO "BroadcastRecipient" ("broadcastId", "workspaceId", "contactId", email, "batchNo", status, "sentAt")
     SELECT $1, c."workspaceId", c.id, c.email, ((row_number() OVER (ORDER BY c.id) - 1) / 100)::int, 'sent',
            now() - interval '1 hour'
       FROM "Contact" c WHERE c."workspaceId" = $2`,
    [b.id, workspaceId],
  );
  const {
    rows: [ids],
  } = await client.query(
    `SELECT min(id)::text AS first, max(id)::text AS last, count(*)::int AS n
       FROM "BroadcastRecipient" WHERE "broadcastId" = $1`,
    [b.id],
  );
  if (ids.n !== count || BigInt(ids.last) - BigInt(ids.first) + 1n !== BigInt(count))
    throw new Error(`the recipients' ids are not consecutive (${ids.first}…${ids.last} for ${ids.n})`);
  const { rows: links } = await client.query(
    `INSERT INTO "BroadcastLink" ("broadcastId", position, url)
     SELECT $1, p, 'https://bench.example/page-' || p FROM generate_series(0, 2) AS p RETURNING id`,
    [b.id],
  );
  await client.query(`ANALYZE "BroadcastRecipient"`);
  await client.query(`ANALYZE "Contact"`);
  return { broadcastId: b.id, firstId: ids.first, linkIds: links.map((l) => String(l.id)) };
}
