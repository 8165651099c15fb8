// GET /api/v1/contacts/export – the contacts matching the list's filters as CSV (text/csv, read scope)
import { withApiKey, otherMethods } from "@/server/http/with-api-key";
import { ZExportContactsQuery } from "@/lib/schemas/imports";
import { exportContactsCsv } from "@/server/services/exports/export-contacts-csv";
import { contactsExportFilename, csvAttachment } from "@/server/services/exports/csv-attachment";

export const GET = withApiKey({ scope: "read", query: ZExportContactsQuery }, async ({ auth, query }) =>
  csvAttachment(await exportContactsCsv({ workspaceId: auth.workspaceId, filter: query }), contactsExportFilename()),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
