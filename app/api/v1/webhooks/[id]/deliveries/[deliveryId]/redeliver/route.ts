// POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver – send that delivery's event again, now
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZDeliveryParams } from "@/lib/schemas/webhooks";
import { redeliverWebhookDelivery } from "@/server/services/webhooks/redeliver-webhook-delivery";

export const POST = withApiKey({ scope: "write", params: ZDeliveryParams }, async ({ auth, params }) =>
  json(
    {
      data: await redeliverWebhookDelivery({
        workspaceId: auth.workspaceId,
        webhookId: params.id,
        deliveryId: params.deliveryId,
      }),
    },
    201,
  ),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
