// The domain a message's VERP return path lives on (server/deliverability/verp.ts): `bounce.<sending domain>` when the
// From address's domain (or its nearest parent, as for DKIM: signingDomainFor) is a verified sending domain of the
// workspace whose bounce record (the MX of bounce.<domain>, pointed at the bounce mailbox's server) checks out; else
// the server-wide BOUNCE_DOMAIN; else none, and mail keeps the From address as its envelope sender. The MX is
// required, not just the domain: a MAIL FROM on a domain without one is refused by many receivers, and its bounces
// would be lost.
import { sql } from "@/server/db/pool";
import { fromDomainOf, signingDomainFor } from "@/lib/deliverability/sending-domains";
import { isBounceDomain } from "./verp";
import { bounceHost } from "./domain-records";

/** The server-wide bounce domain (BOUNCE_DOMAIN), or null when unset; a value that is no host name throws. */
export function envBounceDomain(env: Record<string, string | undefined> = process.env): string | null {
  const value = env.BOUNCE_DOMAIN?.trim().toLowerCase().replace(/\.$/, "");
  if (!value) return null;
  if (!isBounceDomain(value)) throw new Error(`BOUNCE_DOMAIN must be a host name (got "${env.BOUNCE_DOMAIN}").`);
  return value;
}

/** One query: the bounce domain for mail of `workspaceId` sent from `from`. */
export async function bounceDomainFor(workspaceId: string, from: string): Promise<string | null> {
  const fromDomain = fromDomainOf(from);
  if (fromDomain) {
    const labels = fromDomain.split(".");
    const candidates = labels.slice(0, -1).map((_, i) => labels.slice(i).join("."));
    const rows = await sql<{ domain: string }>(
      `SELECT domain FROM "SendingDomain"
        WHERE "workspaceId" = $1 AND status = 'verified' AND domain = ANY($2::text[])
          AND checks->'bounce'->>'status' = 'verified'`,
      [workspaceId, candidates],
    );
    const domain = signingDomainFor(
      fromDomain,
      rows.map((r) => r.domain),
    );
    if (domain && isBounceDomain(bounceHost(domain))) return bounceHost(domain);
  }
  return envBounceDomain();
}
