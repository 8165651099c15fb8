// GET /api/dashboard/imports/{id} – the import with its status, counters and percent (poll it for progress)
import { ZIdParams } from "@/lib/schemas/common";
import { withSession } from "@/server/http/with-session";
import { getImport } from "@/server/services/imports/get-import";

export const GET = withSession("contacts.import", { params: ZIdParams }, async ({ workspaceId, params }) =>
  Response.json({ data: await getImport({ workspaceId, importId: params.id }) }),
);
