import { db } from "@/server/db/client";
import type { DomainState, SendingDomainView } from "@/lib/deliverability/sending-domains";
import { sendingDomainSelect, toSendingDomainView } from "./sending-domain-record";

/** Alphabetical: a workspace has a handful (at most MAX_DOMAINS_PER_WORKSPACE), so no pages. */
export async function listSendingDomains(workspaceId: string): Promise<SendingDomainView[]> {
  const rows = await db().sendingDomain.findMany({
    where: { workspaceId },
    orderBy: { domain: "asc" },
    select: sendingDomainSelect,
  });
  return rows.map(toSendingDomainView);
}

/** What the send checklists need to judge a From address (fromDomainWarning): each domain and its status. */
export async function sendingDomainStates(workspaceId: string): Promise<DomainState[]> {
  const rows = await db().sendingDomain.findMany({
    where: { workspaceId },
    select: { domain: true, status: true },
  });
  return rows.map((r) => ({
    domain: r.domain,
    status: r.status === "verified" || r.status === "failing" ? r.status : "pending",
  }));
}
