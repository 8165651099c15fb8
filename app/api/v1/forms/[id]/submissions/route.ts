// GET /api/v1/forms/{id}/submissions – the form's submissions, newest first (offset pagination, limit default 50)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZListSubmissionsQuery } from "@/lib/schemas/forms";
import { listFormSubmissions } from "@/server/services/forms/list-form-submissions";

export const GET = withApiKey(
  { scope: "read", params: ZIdParams, query: ZListSubmissionsQuery },
  async ({ auth, params, query }) =>
    json(await listFormSubmissions({ workspaceId: auth.workspaceId, formId: params.id, query })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
