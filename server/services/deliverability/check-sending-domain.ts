import { db } from "@/server/db/client";
import type { SendingDomainView } from "@/lib/deliverability/sending-domains";
import { checkRecords, nextStatus } from "@/server/deliverability/domain-records";
import { dnsLookup, type DnsLookup } from "@/server/deliverability/dns-check";
import { sendingDomainNotFound, sendingDomainSelect, toSendingDomainView } from "./sending-domain-record";

/**
 * Looks the domain's records up now ("Check now", after an add, and the daily re-check) and stores each record's
 * status, the domain's status and the time. `dns` lets tests point at their own server (DNS_SERVERS does the same).
 */
export async function checkSendingDomain({
  workspaceId,
  domainId,
  dns = dnsLookup(),
}: {
  workspaceId: string;
  domainId: string;
  dns?: DnsLookup;
}): Promise<SendingDomainView> {
  const row = await db().sendingDomain.findFirst({
    where: { id: domainId, workspaceId },
    select: sendingDomainSelect,
  });
  if (!row) throw sendingDomainNotFound();
  const checks = await checkRecords(dns, row);
  const status = nextStatus(row, checks.dkim!);
  const now = new Date();
  const updated = await db().sendingDomain.updateManyAndReturn({
    where: { id: domainId, workspaceId },
    data: {
      checks,
      status,
      lastCheckedAt: now,
      ...(status === "verified" && row.status !== "verified" ? { verifiedAt: now } : {}),
    },
    select: sendingDomainSelect,
  });
  // Deleted while its lookups ran.
  if (!updated[0]) throw sendingDomainNotFound();
  return toSendingDomainView(updated[0]);
}
