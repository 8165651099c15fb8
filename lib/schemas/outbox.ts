// The dashboard's Outbox (EMAIL_TRANSPORT=outbox): every email the workspace "sent", stored instead of delivered.
import { z } from "zod";
import { offsetQuery } from "./common";

/** invitation: shown only to roles that reach `team` (the message holds a join link). */
export const OUTBOX_KINDS = ["broadcast", "test", "transactional", "invitation"] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const ZListOutboxQuery = z.object({
  ...offsetQuery(),
  search: z.string().trim().max(200).optional(),
  kind: z.enum(OUTBOX_KINDS).optional(),
});
export type ListOutboxQuery = z.infer<typeof ZListOutboxQuery>;

/** A row of the list: no bodies (they can be 100 kB each). */
export type OutboxSummary = {
  id: string;
  kind: OutboxKind;
  fromAddress: string;
  toAddress: string;
  subject: string;
  broadcastId: string | null;
  broadcastName: string | null;
  /** An automation's email: the automation it came from (its step broadcast is hidden, so broadcastId is null). */
  automationId: string | null;
  automationName: string | null;
  createdAt: string;
};

export type OutboxMessage = OutboxSummary & { html: string; text: string; headers: Record<string, string> };
