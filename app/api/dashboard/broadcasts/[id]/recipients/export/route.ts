// GET /api/dashboard/broadcasts/{id}/recipients/export – the report's recipients (with its filter, search or link)
// as a CSV download (with a BOM so Excel reads UTF-8)
import { ZIdParams } from "@/lib/schemas/common";
import { ZRecipientListFilter } from "@/lib/schemas/broadcast-recipients";
import { withSession } from "@/server/http/with-session";
import { exportBroadcastRecipientsCsv } from "@/server/services/broadcasts/export-broadcast-recipients-csv";
import { csvAttachment } from "@/server/services/exports/csv-attachment";

export const GET = withSession(
  // Addresses leave the workspace: the same right as a contacts export.
  "contacts.export",
  { params: ZIdParams, query: ZRecipientListFilter },
  async ({ workspaceId, params, query }) => {
    const { stream, filename } = await exportBroadcastRecipientsCsv({
      workspaceId,
      broadcastId: params.id,
      filter: query,
      bom: true,
    });
    return csvAttachment(stream, filename);
  },
);
