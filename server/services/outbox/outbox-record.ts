import { OUTBOX_KINDS, type OutboxKind, type OutboxSummary } from "@/lib/schemas/outbox";

export type OutboxSummaryRow = {
  id: string;
  kind: string;
  fromAddress: string;
  toAddress: string;
  subject: string;
  broadcastId: string | null;
  broadcastName: string | null;
  automationId: string | null;
  automationName: string | null;
  createdAt: Date;
};

/**
 * The Outbox's columns, over alias m (OutboxMessage), b (its broadcast) and a (that broadcast's automation), both
 * left-joined by outboxSummaryJoins (tests have no broadcast). An automation's email names its automation: its hidden
 * step broadcast is no broadcast page to link to.
 */
export const outboxSummaryColumns = `m.id, m.kind, m."fromAddress", m."toAddress", m.subject,
  CASE WHEN b."automationId" IS NULL THEN m."broadcastId" END AS "broadcastId",
  CASE WHEN b."automationId" IS NULL THEN b.name END AS "broadcastName",
  a.id AS "automationId", a.name AS "automationName", m."createdAt"`;

export const outboxSummaryJoins = `"OutboxMessage" m LEFT JOIN "Broadcast" b ON b.id = m."broadcastId"
  LEFT JOIN "Automation" a ON a.id = b."automationId"`;

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
    automationId: row.automationId,
    automationName: row.automationName,
    createdAt: row.createdAt.toISOString(),
  };
}
