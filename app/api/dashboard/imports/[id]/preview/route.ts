// GET /api/dashboard/imports/{id}/preview – headers, first rows and suggested mapping again (mapping step reload)
import { ZIdParams } from "@/lib/schemas/common";
import { withSession } from "@/server/http/with-session";
import { getImportPreview } from "@/server/services/imports/get-import-preview";

export const GET = withSession({ params: ZIdParams }, async ({ workspaceId, params }) =>
  Response.json({ data: await getImportPreview({ workspaceId, importId: params.id }) }),
);
