// GET /api/dashboard/imports/{id}/preview?encoding=… – headers, first rows, suggested mapping and undecodable lines
// again (preview step reload), decoded with the encoding asked for or else the one detected at upload
import { ZIdParams } from "@/lib/schemas/common";
import { ZImportPreviewQuery } from "@/lib/schemas/imports";
import { withSession } from "@/server/http/with-session";
import { getImportPreview } from "@/server/services/imports/get-import-preview";

export const GET = withSession(
  "contacts.import",
  { params: ZIdParams, query: ZImportPreviewQuery },
  async ({ workspaceId, params, query }) =>
    Response.json({ data: await getImportPreview({ workspaceId, importId: params.id, encoding: query.encoding }) }),
);
