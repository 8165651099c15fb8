import { OUTBOX_KINDS, type OutboxKind, type OutboxSummary } from "@/lib/schemas/outbox";

export type OutboxSummaryRow = {
  id: string;
  kind: string;
  fromAddress: string;
  toAddress: string;
  subject: string;
  broadcastId: string | null;
  broadcastName: string | null;
  createdAt: Date;
};

/**
 * The Outbox's columns, over alias m (OutboxMessage) and b (its broadcast, left-joined: tests have none). An
 * automation's email is listed like any other, but its hidden step broadcast is no broadcast page to link to.
 */
export const outboxSummaryColumns = `m.id, m.kind, m."fromAddress", m."toAddress", m.subject,
  CASE WHEN b."automationId" IS NULL THEN m."broadcastId" END AS "broadcastId",
  CASE WHEN b."automationId" IS NULL THEN b.name END AS "broadcastName", m."createdAt"`;

/** Kinds the transports may add later show as transactional rather than breaking the page. */
const isKind = (kind: string): kind is OutboxKind => (OUTBOX_KINDS as readonly string[]).includes(kind);

export function toOutboxSummary(row: OutboxSummaryRow): OutboxSummary {
  return {
    id: row.id,
    kind: isKind(row.kind) ? row.kind : "transactional",
    fromAddress: row.fromAddress,
    toAddress: row.toAddress,
    subject: row.subject,
    broadcastId: row.broadcastId,
    broadcastName: row.broadcastName,
    createdAt: row.createdAt.toISOString(),
  };
}
