// POST /api/v1/forms/{id}/archive – draft or published → archived: off the public URLs and read-only until unarchived
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { archiveForm } from "@/server/services/forms/archive-form";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await archiveForm({ workspaceId: auth.workspaceId, formId: params.id }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
