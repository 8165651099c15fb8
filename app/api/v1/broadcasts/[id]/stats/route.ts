// GET /api/v1/broadcasts/{id}/stats – delivery and engagement counts of a broadcast (unwrapped)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { getBroadcastStats } from "@/server/services/broadcasts/get-broadcast-stats";

export const GET = withApiKey({ scope: "read", params: ZIdParams }, async ({ auth, params }) =>
  json(await getBroadcastStats({ workspaceId: auth.workspaceId, broadcastId: params.id })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
