// POST /api/v1/webhooks/{id}/test – send a webhook.test event now and return the delivery record
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { sendTestWebhook } from "@/server/services/webhooks/send-test-webhook";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await sendTestWebhook({ workspaceId: auth.workspaceId, webhookId: params.id }) }, 201),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
