// The home page's audience growth: subscribed contacts at the end of each of the last 30 UTC days, with the contacts
// added and the unsubscribes of each day. Moves in and out come from the contact timeline (ContactActivity
// `subscribed` / `unsubscribed`, which every path writes: API, import, forms, double opt-in, the unsubscribe link),
// read through its (workspaceId, type, createdAt) index; contacts added from Contact.createdAt through its
// (workspaceId, createdAt) index. Nothing scans the whole audience except the one count of subscribed contacts.
import "server-only";
import type { AudienceGrowth } from "@/lib/broadcast-report";
import { sql } from "@/server/db/pool";
import { dayRange, growthSeries, type DayCounts } from "./audience-growth-series";

export const GROWTH_DAYS = 30;

export async function getAudienceGrowth({
  workspaceId,
  now = new Date(),
}: {
  workspaceId: string;
  now?: Date;
}): Promise<AudienceGrowth> {
  const today = now.toISOString().slice(0, 10);
  const since = `${dayRange(today, GROWTH_DAYS)[0]}T00:00:00Z`;
  const [totals, added, moves] = await Promise.all([
    sql<{ subscribed: number; total: number }>(
      `SELECT count(*) FILTER (WHERE status = 'subscribed')::int AS subscribed, count(*)::int AS total
         FROM "Contact" WHERE "workspaceId" = $1`,
      [workspaceId],
    ),
    sql<{ day: string; n: number }>(
      `SELECT to_char("createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
         FROM "Contact" WHERE "workspaceId" = $1 AND "createdAt" >= $2::timestamptz
        GROUP BY 1`,
      [workspaceId, since],
    ),
    sql<{ day: string; type: string; n: number }>(
      `SELECT to_char("createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, type, count(*)::int AS n
         FROM "ContactActivity"
        WHERE "workspaceId" = $1 AND type IN ('subscribed', 'unsubscribed') AND "createdAt" >= $2::timestamptz
        GROUP BY 1, 2`,
      [workspaceId, since],
    ),
  ]);
  const counts = new Map<string, DayCounts>();
  const at = (day: string) => {
    let c = counts.get(day);
    if (!c) counts.set(day, (c = { day, added: 0, subscribed: 0, unsubscribed: 0 }));
    return c;
  };
  for (const r of added) at(r.day).added = r.n;
  for (const r of moves) at(r.day)[r.type === "subscribed" ? "subscribed" : "unsubscribed"] = r.n;
  const subscribedNow = totals[0]?.subscribed ?? 0;
  return {
    days: growthSeries({ today, days: GROWTH_DAYS, subscribedNow, counts: [...counts.values()] }),
    subscribedNow,
    totalContacts: totals[0]?.total ?? 0,
  };
}
