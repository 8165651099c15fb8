// POST /api/v1/webhooks/{id}/test – send a webhook.test event now and return the delivery record
import { withApiKey, created, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { sendTestWebhook } from "@/server/services/webhooks/send-test-webhook";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) => {
  const delivery = await sendTestWebhook({ workspaceId: auth.workspaceId, webhookId: params.id });
  return created({ data: delivery }, `/api/v1/webhooks/${params.id}/deliveries/${delivery.id}`);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
