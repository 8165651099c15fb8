// GET /api/dashboard/imports/{id}/report – the report's first 100 lines (refused, warnings, repeats) by line number
import { ZIdParams } from "@/lib/schemas/common";
import { withSession } from "@/server/http/with-session";
import { listImportReport } from "@/server/services/imports/list-import-report";

export const GET = withSession("contacts.import", { params: ZIdParams }, async ({ workspaceId, params }) =>
  Response.json({ data: await listImportReport({ workspaceId, importId: params.id }) }),
);
