// POST /api/v1/broadcasts/{id}/send – queue the send now (202 with the recipient count); honours Idempotency-Key
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { idempotent } from "@/server/http/idempotency";
import { sendBroadcast } from "@/server/services/broadcasts/send-broadcast";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params, req }) =>
  idempotent({ req, workspaceId: auth.workspaceId, body: null }, async () =>
    json(await sendBroadcast({ workspaceId: auth.workspaceId, broadcastId: params.id }), 202),
  ),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
