// Where a click would go, without recording it: for HEAD /t/c/… (a link scanner checking the URL is not a click).
// The same checks as recordClick (a valid token, a link of the recipient's own broadcast), read only.
import "server-only";
import { preparedSql } from "@/server/db/pool";
import { readRecipientToken } from "@/server/broadcasts/recipient-tokens";
import type { ClickTarget } from "./record-hit";

const FIND = `
  SELECT l.url, r.email, c."firstName", c."lastName", c.fields
    FROM "BroadcastLink" l
    JOIN "BroadcastRecipient" r ON r.id = $2 AND r."broadcastId" = l."broadcastId"
    LEFT JOIN "Contact" c ON c.id = r."contactId" AND strpos(l.url, '{{') > 0
   WHERE l.id = $1`;

export async function findClickTarget(linkId: string, token: string): Promise<ClickTarget | null> {
  const recipientId = readRecipientToken(token);
  if (recipientId === null || !/^[1-9]\d{0,17}$/.test(linkId)) return null;
  const rows = await preparedSql<{
    url: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    fields: Record<string, unknown> | null;
  }>(FIND, [linkId, recipientId.toString()]);
  const row = rows[0];
  if (!row) return null;
  return {
    url: row.url,
    values: { email: row.email, firstName: row.firstName, lastName: row.lastName, fields: row.fields ?? {} },
  };
}
