// POST /api/v1/broadcasts/{id}/resume – carry on with a paused send where it stopped
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { setBroadcastPaused } from "@/server/services/broadcasts/pause-broadcast";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) =>
  json(await setBroadcastPaused({ workspaceId: auth.workspaceId, broadcastId: params.id, paused: false })),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
