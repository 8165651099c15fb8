// POST /api/v1/broadcasts/{id}/duplicate – a new draft "<name> (copy)" with the same content; the source is untouched
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { duplicateBroadcast } from "@/server/services/broadcasts/duplicate-broadcast";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) =>
  json(await duplicateBroadcast({ workspaceId: auth.workspaceId, broadcastId: params.id }), 201),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
