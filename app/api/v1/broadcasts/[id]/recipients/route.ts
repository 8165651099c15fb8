// GET /api/v1/broadcasts/{id}/recipients – who a broadcast went to and what each did (cursor pages, filters)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZRecipientListQuery } from "@/lib/schemas/broadcast-recipients";
import { listBroadcastRecipients } from "@/server/services/broadcasts/list-broadcast-recipients";

export const GET = withApiKey(
  { scope: "read", params: ZIdParams, query: ZRecipientListQuery },
  async ({ auth, params, query: { limit, cursor, ...filter } }) =>
    json(
      await listBroadcastRecipients({ workspaceId: auth.workspaceId, broadcastId: params.id, filter, limit, cursor }),
    ),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
