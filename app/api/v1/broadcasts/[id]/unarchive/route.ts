// POST /api/v1/broadcasts/{id}/unarchive – back in the default list
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { setBroadcastArchived } from "@/server/services/broadcasts/archive-broadcast";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) =>
  json(await setBroadcastArchived({ workspaceId: auth.workspaceId, broadcastId: params.id, archived: false })),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
