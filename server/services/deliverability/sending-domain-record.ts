// The one mapping from a SendingDomain row to what the dashboard shows (the records to publish with their last
// checks). The private key never leaves through here.
import { AppError } from "@/server/errors";
import type { SendingDomainView } from "@/lib/deliverability/sending-domains";
import { recordsToPublish, type DomainRow } from "@/server/deliverability/domain-records";

export const sendingDomainSelect = {
  id: true,
  domain: true,
  dkimSelector: true,
  dkimPublicKey: true,
  checks: true,
  status: true,
  lastCheckedAt: true,
  verifiedAt: true,
  createdAt: true,
} as const;

export type SendingDomainRow = DomainRow & { id: string; lastCheckedAt: Date | null; createdAt: Date };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSendingDomainView(row: SendingDomainRow): SendingDomainView {
  return {
    id: row.id,
    domain: row.domain,
    status: row.status === "verified" || row.status === "failing" ? row.status : "pending",
    dkimSelector: row.dkimSelector,
    records: recordsToPublish(row),
    lastCheckedAt: iso(row.lastCheckedAt),
    verifiedAt: iso(row.verifiedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export const sendingDomainNotFound = () => new AppError("NOT_FOUND", "Sending domain not found.");
