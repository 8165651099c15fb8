// GET / PATCH / DELETE /api/v1/custom-fields/{id} – read, relabel or retype, delete one custom field
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZUpdateCustomField } from "@/lib/schemas/custom-fields";
import { getCustomField } from "@/server/services/custom-fields/get-custom-field";
import { updateCustomField } from "@/server/services/custom-fields/update-custom-field";
import { deleteCustomField } from "@/server/services/custom-fields/delete-custom-field";

export const GET = withApiKey({ scope: "read", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await getCustomField({ workspaceId: auth.workspaceId, fieldId: params.id }) }),
);

export const PATCH = withApiKey(
  { scope: "write", params: ZIdParams, body: ZUpdateCustomField },
  async ({ auth, params, body }) =>
    json({ data: await updateCustomField({ workspaceId: auth.workspaceId, fieldId: params.id, input: body }) }),
);

export const DELETE = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) => {
  await deleteCustomField({ workspaceId: auth.workspaceId, fieldId: params.id });
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = otherMethods("GET", "PATCH", "DELETE");
