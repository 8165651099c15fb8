// POST /api/dashboard/imports/{id}/start – { mapping, tagIds, updateExisting }: queue the import job
import { ZIdParams } from "@/lib/schemas/common";
import { ZStartImport } from "@/lib/schemas/imports";
import { withSession } from "@/server/http/with-session";
import { startImport } from "@/server/services/imports/start-import";

export const POST = withSession(
  "contacts.import",
  { params: ZIdParams, body: ZStartImport },
  async ({ workspaceId, params, body }) =>
    Response.json({ data: await startImport({ workspaceId, importId: params.id, input: body }) }, { status: 202 }),
);
