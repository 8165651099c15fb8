// POST /api/v1/broadcasts/{id}/test – queue a test email to up to 5 addresses (202); honours Idempotency-Key
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZTestBroadcast } from "@/lib/schemas/broadcasts";
import { idempotent } from "@/server/http/idempotency";
import { sendTestBroadcast } from "@/server/services/broadcasts/send-test-broadcast";

export const POST = withApiKey(
  { scope: "write", params: ZIdParams, body: ZTestBroadcast },
  async ({ auth, params, body, req }) =>
    idempotent({ req, workspaceId: auth.workspaceId, body }, async () =>
      json(await sendTestBroadcast({ workspaceId: auth.workspaceId, broadcastId: params.id, input: body }), 202),
    ),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
