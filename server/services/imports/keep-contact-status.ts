// An import may unsubscribe contacts but never subscribe someone who left (importMayMove, the status rule of
// status-moves.ts): consent is the contact's to give, not the spreadsheet's. Rows that would break it keep the
// contact's status and get a warning.
import type { Tx } from "@/server/events/record-event";
import type { ContactStatus } from "@/lib/schemas/contacts";
import { emailKeyOf } from "@/server/services/contacts/contact-record";
import { importMayMove } from "@/server/services/contacts/status-moves";
import type { LinedRow } from "./merge-duplicate-rows";

/** Removes the status of rows that may not change it, returning the warning of each such line. */
export async function keepContactStatus(
  tx: Tx,
  workspaceId: string,
  rows: LinedRow[],
  header: string,
): Promise<Map<number, string>> {
  const warnings = new Map<number, string>();
  const withStatus = rows.filter((r) => r.row.status);
  if (withStatus.length === 0) return warnings;
  const keys = [...new Set(withStatus.map((r) => emailKeyOf(r.row.email)))];
  // Locked (in id order, like upsertContacts) so the status read here is still the status when the batch writes.
  const existing = await tx.$queryRaw<{ emailKey: string; status: string }[]>`
    SELECT "emailKey", status::text AS status FROM "Contact"
     WHERE "workspaceId" = ${workspaceId}::uuid AND "emailKey" = ANY(${keys}::text[])
     ORDER BY id
       FOR UPDATE`;
  const statusOf = new Map(existing.map((c) => [c.emailKey, c.status]));
  for (const r of withStatus) {
    const current = statusOf.get(emailKeyOf(r.row.email)) as ContactStatus | undefined;
    if (!current || importMayMove(current, r.row.status!)) continue;
    delete r.row.status;
    warnings.set(
      r.line,
      `${header}: the contact stays ${current}. An import never resubscribes a contact who unsubscribed, ` +
        "bounced, complained or has not confirmed yet.",
    );
  }
  return warnings;
}
