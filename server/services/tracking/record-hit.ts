// The writes of the public tracking endpoints. A burst of opens (a broadcast to a million people lands at once) must
// not slow anything down, so a hit is one statement on a prepared plan: an INSERT into EmailEvent, which has no
// secondary index to maintain, fed by the recipient's primary key (EmailEvent carries the workspace and broadcast so
// the rollup and the stats never join back for them). Everything else (first opens, counters, timelines, the Event
// log) is the rollup's job, in batches (server/tracking/rollup.ts).
import "server-only";
import { preparedSql } from "@/server/db/pool";
import { readRecipientToken } from "@/server/broadcasts/recipient-tokens";
import { deviceOf } from "@/lib/user-agent";
import { classifyUserAgent } from "./classify";

// A recipient that no longer exists (its broadcast deleted) inserts nothing: the SELECT finds no row.
const INSERT_OPEN = `
  INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type, class, device)
  SELECT r."workspaceId", r."broadcastId", r.id, 'open', $2, $3 FROM "BroadcastRecipient" r WHERE r.id = $1`;

/** Records an open for a valid token; a forged or malformed one records nothing (the pixel is served anyway). */
export async function recordOpen(token: string, userAgent: string | null): Promise<void> {
  const recipientId = readRecipientToken(token);
  if (recipientId === null) return;
  await preparedSql(INSERT_OPEN, [recipientId.toString(), classifyUserAgent(userAgent), deviceOf(userAgent)]);
}

// One round trip: the link must belong to the recipient's broadcast (the join), which is what keeps the redirect
// from ever being an open one; the event is inserted only when it does. The contact's values come along only when
// the recorded URL has merge tags to fill.
const CLICK = `
  WITH hit AS (
    SELECT l.url, r.id AS "recipientId", r."broadcastId", r."workspaceId", r.email,
           c."firstName", c."lastName", c.fields
      FROM "BroadcastLink" l
      JOIN "BroadcastRecipient" r ON r.id = $2 AND r."broadcastId" = l."broadcastId"
      LEFT JOIN "Contact" c ON c.id = r."contactId" AND strpos(l.url, '{{') > 0
     WHERE l.id = $1
  ), recorded AS (
    INSERT INTO "EmailEvent" ("workspaceId", "broadcastId", "recipientId", type, "linkId", class, device)
    SELECT "workspaceId", "broadcastId", "recipientId", 'click', $1, $3, $4 FROM hit
  )
  SELECT url, email, "firstName", "lastName", fields FROM hit`;

export type ClickTarget = {
  url: string;
  values: { email: string; firstName: string | null; lastName: string | null; fields: Record<string, unknown> };
};

/**
 * Records a click and answers where to send the person: the URL recorded for that link at send time, or null when
 * the token is forged, the link id malformed or unknown, or the link belongs to another broadcast.
 */
export async function recordClick(
  linkId: string,
  token: string,
  userAgent: string | null,
): Promise<ClickTarget | null> {
  const recipientId = readRecipientToken(token);
  if (recipientId === null || !/^[1-9]\d{0,17}$/.test(linkId)) return null;
  const rows = await preparedSql<{
    url: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    fields: Record<string, unknown> | null;
  }>(CLICK, [linkId, recipientId.toString(), classifyUserAgent(userAgent), deviceOf(userAgent)]);
  const row = rows[0];
  if (!row) return null;
  return {
    url: row.url,
    values: { email: row.email, firstName: row.firstName, lastName: row.lastName, fields: row.fields ?? {} },
  };
}
