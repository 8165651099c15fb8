// GET /api/dashboard/contacts/export – the contacts matching the list's filters as a CSV download (with a BOM
// so Excel reads UTF-8)
import { ZExportContactsQuery } from "@/lib/schemas/imports";
import { withSession } from "@/server/http/with-session";
import { exportContactsCsv } from "@/server/services/exports/export-contacts-csv";
import { contactsExportFilename, csvAttachment } from "@/server/services/exports/csv-attachment";

export const GET = withSession("contacts.export", { query: ZExportContactsQuery }, async ({ workspaceId, query }) =>
  csvAttachment(await exportContactsCsv({ workspaceId, filter: query, bom: true }), contactsExportFilename()),
);
