// GET /api/v1/broadcasts/{id}/analytics – broadcast analytics (api-spec §2.7, unwrapped)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { getBroadcastAnalytics } from "@/server/services/broadcasts/get-broadcast-analytics";

export const GET = withApiKey({ scope: "read", params: ZIdParams }, async ({ auth, params }) =>
  json(await getBroadcastAnalytics({ workspaceId: auth.workspaceId, broadcastId: params.id })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
