// GET /api/v1/webhooks/{id}/deliveries/{deliveryId} – one delivery attempt, with what was sent and what came back
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZDeliveryParams } from "@/lib/schemas/webhooks";
import { getDelivery } from "@/server/services/webhooks/delivery-record";

export const GET = withApiKey({ scope: "read", params: ZDeliveryParams }, async ({ auth, params }) =>
  json({
    data: await getDelivery({ workspaceId: auth.workspaceId, webhookId: params.id, deliveryId: params.deliveryId }),
  }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
