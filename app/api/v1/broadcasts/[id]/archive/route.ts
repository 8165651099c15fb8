// POST /api/v1/broadcasts/{id}/archive – hide it from the default list (any status but sending)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { setBroadcastArchived } from "@/server/services/broadcasts/archive-broadcast";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) =>
  json(await setBroadcastArchived({ workspaceId: auth.workspaceId, broadcastId: params.id, archived: true })),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
