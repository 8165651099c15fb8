// GET /api/dashboard/forms/{id}/submissions – every submission of the form as a CSV download (with a BOM so Excel
// reads UTF-8)
import { ZIdParams } from "@/lib/schemas/common";
import { withSession } from "@/server/http/with-session";
import { exportFormSubmissions } from "@/server/services/forms/export-form-submissions";
import { csvAttachment } from "@/server/services/exports/csv-attachment";

export const GET = withSession("contacts.export", { params: ZIdParams }, async ({ workspaceId, params }) => {
  const { stream, filename } = await exportFormSubmissions({ workspaceId, formId: params.id, bom: true });
  return csvAttachment(stream, filename);
});
