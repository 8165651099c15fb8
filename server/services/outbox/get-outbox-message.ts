import { sql } from "@/server/db/pool";
import { AppError } from "@/server/errors";
import type { OutboxMessage } from "@/lib/schemas/outbox";
import { outboxSummaryColumns, outboxSummaryJoins, toOutboxSummary, type OutboxSummaryRow } from "./outbox-record";

type Row = OutboxSummaryRow & { html: string; text: string; headers: unknown };

/** One stored email in full. Another workspace's message (or an invitation, for a member) is simply not found. */
export async function getOutboxMessage({
  workspaceId,
  messageId,
  includeInvitations = false,
}: {
  workspaceId: string;
  messageId: string;
  /** An invitation (it holds a join link) is not found for roles that do not reach `team`. */
  includeInvitations?: boolean;
}): Promise<OutboxMessage> {
  const [row] = await sql<Row>(
    `SELECT ${outboxSummaryColumns}, m.html, m.text, m.headers
       FROM ${outboxSummaryJoins}
      WHERE m.id = $1 AND m."workspaceId" = $2 AND ($3::boolean OR m.kind <> 'invitation')`,
    [messageId, workspaceId, includeInvitations],
  );
  if (!row) throw new AppError("NOT_FOUND", "Message not found");
  return { ...toOutboxSummary(row), html: row.html, text: row.text, headers: stringHeaders(row.headers) };
}

/** Headers are stored as a JSON object of strings; anything else in it is shown as its JSON rather than dropped. */
function stringHeaders(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).map(([name, v]) => [name, typeof v === "string" ? v : JSON.stringify(v)]),
  );
}
