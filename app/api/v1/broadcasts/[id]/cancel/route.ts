// POST /api/v1/broadcasts/{id}/cancel – a scheduled broadcast back to draft
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { cancelBroadcast } from "@/server/services/broadcasts/cancel-broadcast";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) =>
  json(await cancelBroadcast({ workspaceId: auth.workspaceId, broadcastId: params.id })),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
