// POST /api/v1/forms/{id}/unpublish – published → draft, publishedAt cleared: the public URLs answer 404 at once
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { unpublishForm } from "@/server/services/forms/unpublish-form";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await unpublishForm({ workspaceId: auth.workspaceId, formId: params.id }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
