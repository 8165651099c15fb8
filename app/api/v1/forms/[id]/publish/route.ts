// POST /api/v1/forms/{id}/publish – draft → published: the embed URL and landing page answer from now on
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { publishForm } from "@/server/services/forms/publish-form";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await publishForm({ workspaceId: auth.workspaceId, formId: params.id }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
