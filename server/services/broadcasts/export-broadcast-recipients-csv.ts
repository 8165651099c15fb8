// A broadcast's recipients as a CSV download, with the report's filters, streamed in keyset pages of 1,000 (never
// the whole list in memory). Cells are formula-safe and RFC 4180-quoted (lib/csv), like the contacts export.
import "server-only";
import { csvStream } from "@/lib/csv/csv-stream";
import type { RecipientListFilter } from "@/lib/schemas/broadcast-recipients";
import { assertBroadcast, readRecipients, type RecipientPosition } from "./broadcast-recipient-query";

const PAGE = 1000;

export const RECIPIENT_EXPORT_COLUMNS = [
  "email",
  "name",
  "status",
  "variant",
  "sent_at",
  "delivered_at",
  "opened_at",
  "clicked_at",
  "opens",
  "clicks",
  "bounced_at",
  "bounce_type",
  "unsubscribed_at",
  "complained_at",
  "suppressed_by",
  "error",
] as const;

/**
 * The stream and its filename. The 404 and the first page are read before the response starts, so a failure answers a problem,
 * not a cut file.
 */
export async function exportBroadcastRecipientsCsv({
  workspaceId,
  broadcastId,
  filter = {},
  bom = false,
}: {
  workspaceId: string;
  broadcastId: string;
  filter?: RecipientListFilter;
  bom?: boolean;
}) {
  const { name } = await assertBroadcast(workspaceId, broadcastId);
  let after: RecipientPosition | null = null;
  let exhausted = false;
  const at = (d: Date | null) => d?.toISOString() ?? "";
  const stream = await csvStream(
    RECIPIENT_EXPORT_COLUMNS,
    async () => {
      if (exhausted) return null;
      const rows = await readRecipients({ workspaceId, broadcastId }, filter, after, PAGE);
      if (rows.length < PAGE) exhausted = true;
      const last = rows.at(-1);
      if (last) after = { email: last.email, id: last.id };
      return rows.map((r) => [
        r.email,
        r.name,
        r.state,
        r.variantId,
        at(r.sentAt),
        at(r.deliveredAt),
        at(r.openedAt),
        at(r.clickedAt),
        r.opens,
        r.clicks,
        at(r.bouncedAt),
        r.bounceType,
        at(r.unsubscribedAt),
        at(r.complainedAt),
        r.suppressedBy,
        r.error,
      ]);
    },
    { bom, context: { export: "broadcast-recipients", workspaceId, broadcastId } },
  );
  return { stream, filename: recipientsExportFilename(name) };
}

/** recipients-<broadcast name>-YYYY-MM-DD.csv, the name reduced to safe filename characters. */
export function recipientsExportFilename(name: string, now = new Date()) {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "broadcast";
  return `recipients-${slug}-${now.toISOString().slice(0, 10)}.csv`;
}
