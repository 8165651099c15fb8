// The domain a message's VERP return path lives on (server/deliverability/verp.ts): `bounce.<From domain>` once that
// domain is one of the workspace's verified sending domains and its bounce record (the MX of bounce.<domain>, pointed
// at the bounce mailbox's server) checks out; else the server-wide BOUNCE_DOMAIN; else none, and mail keeps the From
// address as its envelope sender. The record is required, not just the domain: a MAIL FROM on a domain with no MX
// is refused by many receivers and its bounces are lost.
import { sql } from "@/server/db/pool";
import { isBounceDomain } from "./verp";

/** The server-wide bounce domain (BOUNCE_DOMAIN), or null when unset; a value that is no host name throws. */
export function envBounceDomain(env: Record<string, string | undefined> = process.env): string | null {
  const value = env.BOUNCE_DOMAIN?.trim().toLowerCase().replace(/\.$/, "");
  if (!value) return null;
  if (!isBounceDomain(value)) throw new Error(`BOUNCE_DOMAIN must be a host name (got "${env.BOUNCE_DOMAIN}").`);
  return value;
}

/** The address of `"Name" <address>` or of a bare address. */
function addressOf(from: string): string {
  return (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/** One query: the bounce domain for mail of `workspaceId` sent from `from`. */
export async function bounceDomainFor(workspaceId: string, from: string): Promise<string | null> {
  const address = addressOf(from);
  const domain = address
    .slice(address.lastIndexOf("@") + 1)
    .toLowerCase()
    .replace(/\.$/, "");
  if (domain && isBounceDomain(`bounce.${domain}`)) {
    const rows = await sql(
      `SELECT 1 FROM "SendingDomain"
        WHERE "workspaceId" = $1 AND domain = $2 AND status = 'verified'
          AND checks->'bounce'->>'status' = 'verified'`,
      [workspaceId, domain],
    );
    if (rows.length > 0) return `bounce.${domain}`;
  }
  return envBounceDomain();
}
