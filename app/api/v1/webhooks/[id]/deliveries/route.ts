// GET /api/v1/webhooks/{id}/deliveries – a webhook's delivery attempts, most recent first (nested envelope, §4.4)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZListDeliveriesQuery } from "@/lib/schemas/webhooks";
import { listWebhookDeliveries } from "@/server/services/webhooks/list-webhook-deliveries";

export const GET = withApiKey(
  { scope: "read", params: ZIdParams, query: ZListDeliveriesQuery },
  async ({ auth, params, query }) =>
    json({ data: await listWebhookDeliveries({ workspaceId: auth.workspaceId, webhookId: params.id, query }) }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
