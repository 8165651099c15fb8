// POST /api/v1/broadcasts/{id}/schedule – schedule or reschedule (fixed instant or subscriber time zones); honours
// Idempotency-Key
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZScheduleBroadcast } from "@/lib/schemas/broadcasts";
import { idempotent } from "@/server/http/idempotency";
import { scheduleBroadcast } from "@/server/services/broadcasts/schedule-broadcast";

export const POST = withApiKey(
  { scope: "write", params: ZIdParams, body: ZScheduleBroadcast },
  async ({ auth, params, body, req }) =>
    idempotent({ req, workspaceId: auth.workspaceId, body }, async () =>
      json(await scheduleBroadcast({ workspaceId: auth.workspaceId, broadcastId: params.id, input: body })),
    ),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
