// The daily re-check: every domain not looked at for a day gets its records checked again, a few at a time, so a
// verified domain whose DKIM record disappeared turns "failing" (and stops signing) within a day.
import { sql } from "@/server/db/pool";
import { dnsLookup, type DnsLookup } from "@/server/deliverability/dns-check";
import { checkSendingDomain } from "./check-sending-domain";

export const RECHECK_AFTER_MS = 24 * 60 * 60_000;
/** Domains checked at once: each check is four lookups, so a batch is at most 40 questions in flight. */
const BATCH = 10;

/**
 * Re-checks the domains last checked more than `olderThanMs` ago (never-checked ones first), oldest first, until none
 * is due or `limit` were checked (the next run goes on). A check that fails still stamps lastCheckedAt (its records
 * read "error"), so one broken domain cannot hold the queue.
 */
export async function recheckDueDomains({
  dns = dnsLookup(),
  olderThanMs = RECHECK_AFTER_MS,
  limit = 2_000,
  now = () => new Date(),
}: { dns?: DnsLookup; olderThanMs?: number; limit?: number; now?: () => Date } = {}): Promise<{ checked: number }> {
  let checked = 0;
  const skip = new Set<string>();
  while (checked < limit) {
    const due = await sql<{ id: string; workspaceId: string }>(
      `SELECT id, "workspaceId" FROM "SendingDomain"
        WHERE ("lastCheckedAt" IS NULL OR "lastCheckedAt" < $1) AND NOT (id = ANY($2::uuid[]))
        ORDER BY "lastCheckedAt" ASC NULLS FIRST, id LIMIT ${BATCH}`,
      [new Date(now().getTime() - olderThanMs), [...skip]],
    );
    if (due.length === 0) break;
    await Promise.all(
      due.map(async (d) => {
        skip.add(d.id);
        try {
          await checkSendingDomain({ workspaceId: d.workspaceId, domainId: d.id, dns });
        } catch (error) {
          // Deleted meanwhile, or the database hiccuped: the next run picks it up again.
          console.error(JSON.stringify({ source: "sending-domains", domainId: d.id, error: String(error) }));
        }
      }),
    );
    checked += due.length;
  }
  return { checked };
}
