// POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver – send that delivery's event again, now
import { withApiKey, created, otherMethods } from "@/server/http/with-api-key";
import { ZDeliveryParams } from "@/lib/schemas/webhooks";
import { redeliverWebhookDelivery } from "@/server/services/webhooks/redeliver-webhook-delivery";

export const POST = withApiKey({ scope: "write", params: ZDeliveryParams }, async ({ auth, params }) => {
  const delivery = await redeliverWebhookDelivery({
    workspaceId: auth.workspaceId,
    webhookId: params.id,
    deliveryId: params.deliveryId,
  });
  return created({ data: delivery }, `/api/v1/webhooks/${params.id}/deliveries/${delivery.id}`);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
