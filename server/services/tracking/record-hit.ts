// The writes of the public tracking endpoints. After a large send, Apple's proxies and link scanners fetch tens of
// thousands of pixels and links within minutes, so hits are group-committed (server/db/group-commit.ts): the hits
// that arrive together become one INSERT into EmailEvent (no secondary index to maintain), fed by the recipients'
// primary keys (EmailEvent carries the workspace and broadcast so the rollup and the stats never join back for
// them). A caller's promise settles with the statement that holds its hit: answered means committed. Everything
// else (first opens, counters, timelines, the Event log) is the rollup's job, in batches (server/tracking/rollup.ts).
import "server-only";
import { trackingCommit } from "@/server/config";
import { preparedSql } from "@/server/db/pool";
import { groupCommit } from "@/server/db/group-commit";
import { readRecipientToken } from "@/server/broadcasts/recipient-tokens";
import { deviceOf } from "@/lib/user-agent";
import { classifyUserAgent } from "./classify";
import { LinkCache } from "./link-cache";

// A statement's own overhead is a fraction of a millisecond, a hit's row about 9 µs (open) to 15 µs (click) of
// PostgreSQL's CPU (bench/lib/record-hits.mjs): 500 hits already amortise it, and keep a statement, so a queued
// hit's wait behind it, to a few milliseconds. Batches reach that size only when hits queue faster than that.
const MAX_BATCH = 500;
// Two statements per kind of hit: one runs while the next batch forms. More only cut the same hits into smaller
// statements on more pooled connections (measured with 1, 2, 4 and 8: 8 was the slowest).
const MAX_IN_FLIGHT = 2;
/** Links of the broadcasts being clicked now: a few dozen per broadcast, so this holds many sends at once. */
const LINK_CACHE_SIZE = 5_000;

const INT8_MAX = 9_223_372_036_854_775_807n;

// Each statement commits without waiting for its WAL to reach the disk (synchronous_commit off for its own implicit
// transaction only: set_config(…, true) is undone at its end, and the commit reads it before). Committed means
// visible and final: a web process killed after the answer loses nothing, and a crash of PostgreSQL itself loses at
// most the last ~0.6 s of hits (3 × wal_writer_delay) and never leaves half a batch. Waiting for the flush is what
// bounds a hit's latency otherwise: fdatasync is 4–11 ms on our machines' disks (pg_test_fsync), so 50 connections
// could never pass ~6,000 hits/s however hits are batched; an open is worth less than that. TRACKING_DURABLE_COMMIT=true
// makes hits wait for the flush like every other write (read once: the statements are prepared).
const ASYNC_COMMIT = trackingCommit.durable()
  ? "true"
  : `(SELECT set_config('synchronous_commit', 'off', true)) = 'off'`;

// A recipient that no longer exists (its broadcast deleted) inserts nothing: the join finds no row. The ids are
// int8 (one out of range would fail the whole batch: readRecipientToken's ids are checked before they get here).
const INSERT_OPENS = `
  INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type, class, device)
  SELECT r."workspaceId", r."broadcastId", r.id, 'open', h.class, h.device
    FROM unnest($1::int8[], $2::text[], $3::text[]) AS h(id, class, device)
    JOIN "BroadcastRecipient" r ON r.id = h.id
   WHERE ${ASYNC_COMMIT}`;

type OpenHit = { recipientId: string; hitClass: string; device: string };

const opens = groupCommit<OpenHit, void>({
  maxBatch: MAX_BATCH,
  maxInFlight: MAX_IN_FLIGHT,
  async write(hits) {
    await preparedSql(INSERT_OPENS, [
      hits.map((h) => h.recipientId),
      hits.map((h) => h.hitClass),
      hits.map((h) => h.device),
    ]);
    return hits.map(() => undefined);
  },
});

/** Records an open for a valid token; a forged or malformed one records nothing (the pixel is served anyway). */
export async function recordOpen(token: string, userAgent: string | null): Promise<void> {
  const recipientId = recipientIdOf(token);
  if (recipientId === null) return;
  await opens.add({ recipientId, hitClass: classifyUserAgent(userAgent), device: deviceOf(userAgent) });
}

// One statement per batch of clicks. A click counts only when its link belongs to the recipient's broadcast, which
// is what keeps the redirect from ever being an open one. A link the process has cached comes with its broadcast
// (the join checks it against the recipient's); a link it has not is looked up here, in the same statement, and
// its row returned for the cache, so a flood of unknown link ids costs no query of its own. The contact's values
// come along only for a link whose URL has merge tags to fill. One row per hit, in order (n): whether it was
// recorded, and the recipient's values.
const INSERT_CLICKS = `
  WITH h AS (
    SELECT * FROM unnest($1::int8[], $2::int8[], $3::uuid[], $4::bool[], $5::text[], $6::text[])
      WITH ORDINALITY AS h("recipientId", "linkId", "broadcastId", personal, class, device, n)
  ), link AS (
    SELECT l.id, l.url, l."broadcastId" FROM "BroadcastLink" l
     WHERE l.id IN (SELECT "linkId" FROM h WHERE "broadcastId" IS NULL)
  ), hit AS (
    SELECT h.n, h."linkId", h.class, h.device, r.id AS "recipientId", r."broadcastId", r."workspaceId", r.email,
           c."firstName", c."lastName", c.fields
      FROM h
      LEFT JOIN link ON link.id = h."linkId"
      JOIN "BroadcastRecipient" r
        ON r.id = h."recipientId" AND r."broadcastId" = coalesce(h."broadcastId", link."broadcastId")
      LEFT JOIN "Contact" c ON c.id = r."contactId" AND (h.personal OR strpos(link.url, '{{') > 0)
     WHERE ${ASYNC_COMMIT}
  ), recorded AS (
    INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type, "linkId", class, device)
    SELECT "workspaceId", "broadcastId", "recipientId", 'click', "linkId", class, device FROM hit
  )
  SELECT h.n::int AS n, link.url AS "linkUrl", link."broadcastId" AS "linkBroadcastId", hit.n IS NOT NULL AS recorded,
         hit.email, hit."firstName", hit."lastName", hit.fields
    FROM h LEFT JOIN link ON link.id = h."linkId" LEFT JOIN hit ON hit.n = h.n
   ORDER BY h.n`;

type ClickHit = { recipientId: string; linkId: string; hitClass: string; device: string };
type ClickRow = {
  n: number;
  linkUrl: string | null;
  linkBroadcastId: string | null;
  recorded: boolean;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  fields: Record<string, unknown> | null;
};

export type ClickTarget = {
  url: string;
  values: { email: string; firstName: string | null; lastName: string | null; fields: Record<string, unknown> };
};

const links = new LinkCache(LINK_CACHE_SIZE);

const clicks = groupCommit<ClickHit, ClickTarget | null>({
  maxBatch: MAX_BATCH,
  maxInFlight: MAX_IN_FLIGHT,
  async write(hits) {
    const known = hits.map((h) => links.get(h.linkId));
    const rows = await preparedSql<ClickRow>(INSERT_CLICKS, [
      hits.map((h) => h.recipientId),
      hits.map((h) => h.linkId),
      known.map((link) => link?.broadcastId ?? null),
      known.map((link) => link?.personal ?? false),
      hits.map((h) => h.hitClass),
      hits.map((h) => h.device),
    ]);
    return rows.map((row, i) => {
      let link = known[i];
      if (!link && row.linkUrl !== null && row.linkBroadcastId !== null) {
        link = { broadcastId: row.linkBroadcastId, url: row.linkUrl, personal: row.linkUrl.includes("{{") };
        links.set(hits[i]!.linkId, link);
      }
      if (!row.recorded || !link) return null;
      const values = { email: row.email!, firstName: row.firstName, lastName: row.lastName, fields: row.fields ?? {} };
      return { url: link.url, values };
    });
  },
});

/**
 * Records a click and answers where to send the person: the URL recorded for that link at send time, or null when
 * the token is forged, the link id malformed or unknown, or the link belongs to another broadcast.
 */
export async function recordClick(
  linkId: string,
  token: string,
  userAgent: string | null,
): Promise<ClickTarget | null> {
  const recipientId = recipientIdOf(token);
  if (recipientId === null || !/^[1-9]\d{0,17}$/.test(linkId)) return null;
  return clicks.add({ recipientId, linkId, hitClass: classifyUserAgent(userAgent), device: deviceOf(userAgent) });
}

/** The recipient id of a genuine token, as int8 text, or null. */
function recipientIdOf(token: string): string | null {
  const id = readRecipientToken(token);
  return id === null || id > INT8_MAX ? null : id.toString();
}

/** Statements and hits written so far by this process (tests count statements against hits). */
export const trackingWriteStats = { opens: opens.stats, clicks: clicks.stats };

/** The two statements as this module built them (tests check the commit setting they carry). */
export const trackingStatementsForTests = () => [INSERT_OPENS, INSERT_CLICKS];
