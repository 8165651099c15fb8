// GET / PATCH / DELETE /api/v1/automations/{id} – read one, edit it (an active or paused one publishes a new
// version at once; archived ones are read-only), delete a draft
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { getAutomation } from "@/server/services/automations/get-automation";
import { updateAutomation, ZPatchAutomation } from "@/server/services/automations/update-automation";
import { deleteAutomation } from "@/server/services/automations/delete-automation";

export const GET = withApiKey({ scope: "read", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await getAutomation(auth.workspaceId, params.id) }),
);

export const PATCH = withApiKey(
  { scope: "write", params: ZIdParams, body: ZPatchAutomation },
  async ({ auth, params, body }) => json({ data: await updateAutomation(auth.workspaceId, params.id, body) }),
);

export const DELETE = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) => {
  await deleteAutomation(auth.workspaceId, params.id);
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = otherMethods("GET", "PATCH", "DELETE");
