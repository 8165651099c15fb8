// POST /api/dashboard/imports/{id}/retry – queue a failed import again; it resumes where it stopped
import { ZIdParams } from "@/lib/schemas/common";
import { withSession } from "@/server/http/with-session";
import { retryImport } from "@/server/services/imports/retry-import";

export const POST = withSession("contacts.import", { params: ZIdParams }, async ({ workspaceId, params }) =>
  Response.json({ data: await retryImport({ workspaceId, importId: params.id }) }, { status: 202 }),
);
