// GET / PATCH / DELETE /api/v1/broadcasts/{id} – read one, edit it (draft or scheduled), delete it (drafts only)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZUpdateBroadcast } from "@/lib/schemas/broadcasts";
import { getBroadcast } from "@/server/services/broadcasts/get-broadcast";
import { updateBroadcast } from "@/server/services/broadcasts/update-broadcast";
import { deleteBroadcast } from "@/server/services/broadcasts/delete-broadcast";

export const GET = withApiKey({ scope: "read", params: ZIdParams }, async ({ auth, params }) =>
  json(await getBroadcast({ workspaceId: auth.workspaceId, broadcastId: params.id })),
);

export const PATCH = withApiKey(
  { scope: "write", params: ZIdParams, body: ZUpdateBroadcast },
  async ({ auth, params, body }) =>
    json(await updateBroadcast({ workspaceId: auth.workspaceId, broadcastId: params.id, input: body })),
);

export const DELETE = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) => {
  await deleteBroadcast({ workspaceId: auth.workspaceId, broadcastId: params.id });
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = otherMethods("GET", "PATCH", "DELETE");
