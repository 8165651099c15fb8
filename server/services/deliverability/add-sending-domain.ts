import { getDomain } from "tldts";
import { db } from "@/server/db/client";
import { AppError, isUniqueViolation } from "@/server/errors";
import { normaliseDomain, type SendingDomainView } from "@/lib/deliverability/sending-domains";
import { dkimSelector, newDkimKey } from "@/server/deliverability/dkim-keys";
import type { DnsLookup } from "@/server/deliverability/dns-check";
import { checkSendingDomain } from "./check-sending-domain";
import { sendingDomainSelect, toSendingDomainView } from "./sending-domain-record";

/** More than any real sender needs; a bound on key generation and on the daily re-check's work per workspace. */
export const MAX_DOMAINS_PER_WORKSPACE = 50;

const invalid = (detail: string) => new AppError("VALIDATION", detail, [{ pointer: "#/domain", detail }]);

/**
 * Adds a sending domain with a new DKIM key pair (private key sealed), then checks its records once, so the page
 * opens on what is already there (an SPF or DMARC record published long ago, a record in the wrong place).
 */
export async function addSendingDomain({
  workspaceId,
  domain: input,
  dns,
}: {
  workspaceId: string;
  domain: string;
  dns?: DnsLookup;
}): Promise<SendingDomainView> {
  const parsed = normaliseDomain(input);
  if (!parsed.ok) throw invalid(parsed.detail);
  const domain = parsed.domain;
  // A public suffix ("co.uk", "github.io") belongs to nobody who could publish its records.
  if (getDomain(domain, { allowPrivateDomains: true }) === null)
    throw invalid(`${domain} is a public suffix: add your own domain under it, such as example.${domain}.`);
  const existing = await db().sendingDomain.findMany({ where: { workspaceId }, select: { domain: true } });
  if (existing.some((d) => d.domain === domain)) throw invalid(`${domain} is already a sending domain here.`);
  if (existing.length >= MAX_DOMAINS_PER_WORKSPACE)
    throw new AppError(
      "CONFLICT",
      `A workspace has at most ${MAX_DOMAINS_PER_WORKSPACE} sending domains: delete one you no longer use first.`,
    );
  const key = await newDkimKey();
  let id: string;
  try {
    ({ id } = await db().sendingDomain.create({
      data: {
        workspaceId,
        domain,
        dkimSelector: dkimSelector(),
        dkimPublicKey: key.publicKey,
        dkimPrivateKey: key.sealedPrivateKey,
      },
      select: { id: true },
    }));
  } catch (error) {
    // Two adds at once: the unique key decides, the second one reads as a duplicate.
    if (isUniqueViolation(error)) throw invalid(`${domain} is already a sending domain here.`);
    throw error;
  }
  try {
    return await checkSendingDomain({ workspaceId, domainId: id, dns });
  } catch (error) {
    // The domain is added either way: its page says "not checked yet" and Check now (or the daily re-check) retries.
    console.error(JSON.stringify({ source: "sending-domains", message: "first check failed", error: String(error) }));
    const row = await db().sendingDomain.findFirstOrThrow({ where: { id, workspaceId }, select: sendingDomainSelect });
    return toSendingDomainView(row);
  }
}
