// GET / PATCH / DELETE /api/v1/forms/{id} – read one, edit it (not while archived), delete it (soft: 404 after)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZUpdateForm } from "@/lib/schemas/forms";
import { getForm } from "@/server/services/forms/get-form";
import { updateForm } from "@/server/services/forms/update-form";
import { deleteForm } from "@/server/services/forms/delete-form";

export const GET = withApiKey({ scope: "read", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await getForm({ workspaceId: auth.workspaceId, formId: params.id }) }),
);

export const PATCH = withApiKey(
  { scope: "write", params: ZIdParams, body: ZUpdateForm },
  async ({ auth, params, body }) =>
    json({ data: await updateForm({ workspaceId: auth.workspaceId, formId: params.id, input: body }) }),
);

export const DELETE = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) => {
  await deleteForm({ workspaceId: auth.workspaceId, formId: params.id });
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = otherMethods("GET", "PATCH", "DELETE");
